import type { NestExpressApplication } from '@nestjs/platform-express';
import { GeoScoringConfig } from '@platform/config';
import { codeErrorBody } from '@platform/http';
import { definePlatformApp, type PlatformAppOptions } from '@platform/platform';
import { CellsModule } from './api/cells/cells.module';
import { CommuterFlowsModule } from './api/commuter-flows/commuter-flows.module';
import { ConstructionModule } from './api/construction/construction.module';
import { DiscoverModule } from './api/discover/discover.module';
import { HeatmapsModule } from './api/heatmaps/heatmaps.module';
import { HotspotsModule } from './api/hotspots/hotspots.module';
import { MetrosModule } from './api/metros/metros.module';
import { NearbyModule } from './api/nearby/nearby.module';
import { PortsModule } from './api/ports/ports.module';
import { ScoreTrendsModule } from './api/score-trends/score-trends.module';
import { SimilarCellsModule } from './api/similar-cells/similar-cells.module';
import { SpatialOutliersModule } from './api/spatial-outliers/spatial-outliers.module';
import { TierDistributionModule } from './api/tier-distribution/tier-distribution.module';
import { MonitoredLocationsModule } from './api/monitored-locations/monitored-locations.module';
import { PortfoliosModule } from './api/portfolios/portfolios.module';
import { mountUploadBodyParsers } from './api/portfolios/upload/upload-body';
import { RecordSearchModule } from './api/record-search/record-search.module';
import { SavedSearchesModule } from './api/saved-searches/saved-searches.module';
import { WebhooksModule } from './api/webhooks/webhooks.module';
import { JobsModule } from './jobs/jobs.module';
import { migrations } from './migrations';
import { IngestModule } from './pipeline/ingest/ingest.module';
import { ScoreRefreshModule } from './pipeline/score-refresh/score-refresh.module';
import { ApiKeysModule } from './platform/api-keys/api-keys.module';
import { ApiPolicyModule, noStoreByDefault } from './platform/api-policy/api-policy.module';
import { ReadCacheModule } from './platform/read-cache/read-cache.module';

/** geo-scoring: H3 cell scores and the analytics read routes, fed by NDJSON ingestion and jobs. */
export const geoScoringApp = definePlatformApp<GeoScoringConfig>({
  migrations,
  imports: () => [
    ScoreRefreshModule,
    JobsModule,
    IngestModule,
    ApiKeysModule,
    ApiPolicyModule,
    ReadCacheModule,
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
    SavedSearchesModule,
    PortfoliosModule,
    MonitoredLocationsModule,
    RecordSearchModule,
    WebhooksModule,
  ],
  beforeBodyParser: mountUploadBodyParsers,
  // The dashboard web app calls the session routes from its own origin, with the cookie.
  afterCreate: (app, config) => {
    if (config.APP_ORIGIN !== undefined) {
      app.enableCors({ origin: config.APP_ORIGIN, credentials: true, maxAge: 600 });
    }
    // After CORS, as before: a preflight answer carries no Cache-Control.
    app.use(noStoreByDefault);
  },
  errorFormat: codeErrorBody,
  openApi: {
    title: 'geo-scoring',
    description:
      'H3 cell scores and analytics: metros and cells, discovery, tier distribution, score trends, heatmaps, hotspots, commuter flows, nearby records, ports, construction, look-alike cells and spatial diagnostics, plus internal NDJSON ingestion. Errors: `{ "error", "code" }`.',
    configure: (builder) =>
      builder
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key' }, 'api-key')
        .addBearerAuth(
          { type: 'http', scheme: 'bearer', description: 'INGEST_TOKEN (internal ingestion)' },
          'ingest-token',
        )
        .addCookieAuth('session', { type: 'apiKey', in: 'cookie', name: 'session' }, 'session'),
  },
});

/** Builds the geo-scoring app (used by main.ts and by the HTTP tests). */
export function createApp(
  config: GeoScoringConfig,
  options: PlatformAppOptions = {},
): Promise<NestExpressApplication> {
  return geoScoringApp.create(config, options);
}
