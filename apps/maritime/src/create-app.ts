import type { NestExpressApplication } from '@nestjs/platform-express';
import { MaritimeConfig } from '@platform/config';
import { codeErrorBody } from '@platform/http';
import { definePlatformApp, type PlatformAppOptions } from '@platform/platform';
import { AccountModule } from './api/account/account.module';
import { AisModule } from './api/ais/ais.module';
import { AlertChannelsModule } from './api/alert-channels/alert-channels.module';
import { AlertDeliveriesModule } from './api/alert-deliveries/alert-deliveries.module';
import { AlertRulesModule } from './api/alert-rules/alert-rules.module';
import { AlertsModule } from './api/alerts/alerts.module';
import { DarkEventsModule } from './api/dark-events/dark-events.module';
import { PortsModule } from './api/ports/ports.module';
import { RiskApiModule } from './api/risk/risk.module';
import { SanctionsModule } from './api/sanctions/sanctions.module';
import { VesselsModule } from './api/vessels/vessels.module';
import { WatchlistModule } from './api/watchlist/watchlist.module';
import { ForecastsModule } from './api/forecasts/forecasts.module';
import { DestinationsModule } from './api/destinations/destinations.module';
import { DensityModule } from './api/density/density.module';
import { TradeRoutesModule } from './api/trade-routes/trade-routes.module';
import { InsuranceModule } from './api/insurance/insurance.module';
import { EarningsModule } from './api/earnings/earnings.module';
import { FreightRatesModule } from './api/freight-rates/freight-rates.module';
import { EmissionsModule } from './api/emissions/emissions.module';
import { TradeFlowsModule } from './api/trade-flows/trade-flows.module';
import { PiModule } from './api/pi/pi.module';
import { CongestionModule } from './api/congestion/congestion.module';
import { SatelliteModule } from './api/satellite/satellite.module';
import { CaseFilesModule } from './api/case-files/case-files.module';
import { SignalFeedbackModule } from './api/signal-feedback/signal-feedback.module';
import { ExplainabilityModule } from './api/explainability/explainability.module';
import { JobsModule } from './jobs/jobs.module';
import { migrations } from './migrations';
import { AccessModule, mountAccess } from './platform/access/access.module';

/** maritime: vessel, port and trade intelligence. */
export const maritimeApp = definePlatformApp<MaritimeConfig>({
  migrations,
  imports: () => [
    AccessModule,
    JobsModule,
    AccountModule,
    VesselsModule,
    PortsModule,
    DarkEventsModule,
    SanctionsModule,
    RiskApiModule,
    AisModule,
    WatchlistModule,
    AlertsModule,
    AlertRulesModule,
    AlertChannelsModule,
    AlertDeliveriesModule,
    ForecastsModule,
    DestinationsModule,
    DensityModule,
    TradeRoutesModule,
    InsuranceModule,
    EarningsModule,
    FreightRatesModule,
    EmissionsModule,
    TradeFlowsModule,
    PiModule,
    CongestionModule,
    SatelliteModule,
    CaseFilesModule,
    SignalFeedbackModule,
    ExplainabilityModule,
  ],
  afterCreate: (app) => mountAccess(app),
  errorFormat: codeErrorBody,
  openApi: {
    title: 'maritime',
    description:
      'Vessels, ports, AIS positions and ingest, risk scores with their methodology, dark events and sanctions lists, behind API keys and plans. Errors: `{ "error", "code" }`.',
    configure: (builder) =>
      builder.addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key'),
  },
});

/** Builds the maritime app (used by main.ts and by the HTTP tests). */
export function createApp(
  config: MaritimeConfig,
  options: PlatformAppOptions = {},
): Promise<NestExpressApplication> {
  return maritimeApp.create(config, options);
}
