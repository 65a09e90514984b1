import { DynamicModule, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ServicePlatformModule } from '@platform/platform';
import { ApiPolicyModule } from './platform/api-policy/api-policy.module';
import { MetrosModule } from './api/metros/metros.module';
import { CellsModule } from './api/cells/cells.module';
import { DiscoverModule } from './api/discover/discover.module';
import { TierDistributionModule } from './api/tier-distribution/tier-distribution.module';
import { ScoreTrendsModule } from './api/score-trends/score-trends.module';
import { HeatmapsModule } from './api/heatmaps/heatmaps.module';
import { HotspotsModule } from './api/hotspots/hotspots.module';
import { CommuterFlowsModule } from './api/commuter-flows/commuter-flows.module';
import { SpatialOutliersModule } from './api/spatial-outliers/spatial-outliers.module';
import { NearbyModule } from './api/nearby/nearby.module';
import { PortsModule } from './api/ports/ports.module';
import { ConstructionModule } from './api/construction/construction.module';
import { SimilarCellsModule } from './api/similar-cells/similar-cells.module';
import { ApiKeysModule } from './platform/api-keys/api-keys.module';
import { IngestModule } from './pipeline/ingest/ingest.module';
import { JobsModule } from './jobs/jobs.module';
import { migrations } from './migrations';
import { ScoreRefreshModule } from './pipeline/score-refresh/score-refresh.module';

export interface AppModuleOptions {
  /** Where logs go; stdout by default. */
  logDestination?: NodeJS.WritableStream;
}

@Module({})
export class AppModule {
  static forRoot(config: GeoScoringConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot(config, {
          migrations,
          logDestination: options.logDestination,
        }),
        ScoreRefreshModule,
        JobsModule,
        IngestModule,
        ApiKeysModule,
        ApiPolicyModule,
        MetrosModule,
        CellsModule,
        DiscoverModule,
        TierDistributionModule,
        ScoreTrendsModule,
        HeatmapsModule,
        HotspotsModule,
        CommuterFlowsModule,
        SpatialOutliersModule,
        NearbyModule,
        PortsModule,
        ConstructionModule,
        SimilarCellsModule,
      ],
    };
  }
}
