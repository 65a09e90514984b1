import { Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { DataSource } from 'typeorm';
import { RobustnessService } from '../robustness/robustness.service';
import { SpatialDiagnosticsService } from '../spatial-diagnostics/spatial-diagnostics.service';
import { ScoreRefreshService } from './score-refresh.service';

/**
 * The database side of the scoring computations (score refresh, spatial diagnostics,
 * robustness). The services are plain classes (the seed CLI builds them without Nest), so they
 * are provided through factories over the platform's DataSource and config.
 */
@Module({
  providers: [
    {
      provide: ScoreRefreshService,
      useFactory: (dataSource: DataSource) => new ScoreRefreshService(dataSource),
      inject: [DataSource],
    },
    {
      provide: SpatialDiagnosticsService,
      useFactory: (dataSource: DataSource, config: GeoScoringConfig) =>
        new SpatialDiagnosticsService(dataSource, {
          permutations: config.MORAN_PERMUTATIONS,
          seed: config.MORAN_SEED,
        }),
      inject: [DataSource, GeoScoringConfig],
    },
    {
      provide: RobustnessService,
      useFactory: (dataSource: DataSource) => new RobustnessService(dataSource),
      inject: [DataSource],
    },
  ],
  exports: [ScoreRefreshService, SpatialDiagnosticsService, RobustnessService],
})
export class ScoreRefreshModule {}
