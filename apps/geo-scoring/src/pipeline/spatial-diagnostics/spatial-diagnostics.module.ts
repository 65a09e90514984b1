import { DynamicModule, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { SpatialDiagnosticsRepository } from './spatial-diagnostics.repository';
import {
  SPATIAL_DIAGNOSTICS_OPTIONS,
  SpatialDiagnosticsOptions,
  SpatialDiagnosticsService,
} from './spatial-diagnostics.service';

/**
 * The spatial-diagnostics run. Its permutation count and seed come from the app's
 * config (MORAN_PERMUTATIONS, MORAN_SEED) in the job, and are fixed by the seed.
 */
@Module({})
export class SpatialDiagnosticsModule {
  /** Options from GeoScoringConfig (the app provides it globally). */
  static fromConfig(): DynamicModule {
    return {
      module: SpatialDiagnosticsModule,
      providers: [
        SpatialDiagnosticsRepository,
        SpatialDiagnosticsService,
        {
          provide: SPATIAL_DIAGNOSTICS_OPTIONS,
          inject: [GeoScoringConfig],
          useFactory: (config: GeoScoringConfig): SpatialDiagnosticsOptions => ({
            permutations: config.MORAN_PERMUTATIONS,
            seed: config.MORAN_SEED,
          }),
        },
      ],
      exports: [SpatialDiagnosticsService],
    };
  }

  /** Fixed options (the seed's; tests'). */
  static withOptions(options: SpatialDiagnosticsOptions): DynamicModule {
    return {
      module: SpatialDiagnosticsModule,
      providers: [
        SpatialDiagnosticsRepository,
        SpatialDiagnosticsService,
        { provide: SPATIAL_DIAGNOSTICS_OPTIONS, useValue: options },
      ],
      exports: [SpatialDiagnosticsService],
    };
  }
}
