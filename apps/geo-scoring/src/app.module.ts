import { DynamicModule, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ServicePlatformModule } from '@platform/platform';
import { ApiPolicyModule } from './api-policy/api-policy.module';
import { MetrosModule } from './metros/metros.module';
import { CellsModule } from './cells/cells.module';
import { DiscoverModule } from './discover/discover.module';
import { TierDistributionModule } from './tier-distribution/tier-distribution.module';
import { ScoreTrendsModule } from './score-trends/score-trends.module';
import { HeatmapsModule } from './heatmaps/heatmaps.module';
import { HotspotsModule } from './hotspots/hotspots.module';
import { CommuterFlowsModule } from './commuter-flows/commuter-flows.module';
import { SpatialOutliersModule } from './spatial-outliers/spatial-outliers.module';
import { NearbyModule } from './nearby/nearby.module';
import { PortsModule } from './ports/ports.module';
import { ConstructionModule } from './construction/construction.module';
import { SimilarCellsModule } from './similar-cells/similar-cells.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { IngestModule } from './ingest/ingest.module';
import { JobsModule } from './jobs/jobs.module';
import { migrations } from './migrations';
import { ScoreRefreshModule } from './score-refresh/score-refresh.module';

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
