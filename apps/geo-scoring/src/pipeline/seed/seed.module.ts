import { Module } from '@nestjs/common';
import { PopulationModule } from '../population/population.module';
import { RobustnessModule } from '../robustness/robustness.module';
import { RollupsModule } from '../rollups/rollups.module';
import { ScoreRefreshModule } from '../score-refresh/score-refresh.module';
import { SpatialDiagnosticsModule } from '../spatial-diagnostics/spatial-diagnostics.module';
import { DIAGNOSTICS_PERMUTATIONS, DIAGNOSTICS_SEED, SeedPostLoad } from './post-load';
import { SeedRepository } from './seed.repository';

/** What seedDatabase runs in process: its own SQL and the app's post-load pipeline. */
@Module({
  imports: [
    RollupsModule,
    PopulationModule,
    ScoreRefreshModule,
    RobustnessModule,
    SpatialDiagnosticsModule.withOptions({
      permutations: DIAGNOSTICS_PERMUTATIONS,
      seed: DIAGNOSTICS_SEED,
    }),
  ],
  providers: [SeedRepository, SeedPostLoad],
  exports: [SeedRepository, SeedPostLoad],
})
export class SeedModule {}
