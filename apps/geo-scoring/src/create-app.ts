import type { NestExpressApplication } from '@nestjs/platform-express';
import { GeoScoringConfig } from '@platform/config';
import { codeErrorBody, createPlatformApp } from '@platform/http';
import { AppModule, AppModuleOptions } from './app.module';

/** Builds the geo-scoring app (used by main.ts and by the HTTP tests). */
export function createApp(
  config: GeoScoringConfig,
  options: AppModuleOptions = {},
): Promise<NestExpressApplication> {
  return createPlatformApp(AppModule.forRoot(config, options), {
    errorFormat: codeErrorBody,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    openApi: {
      title: 'geo-scoring',
      description:
        'H3 cell scores and analytics, webhooks, portfolios and saved searches. Errors: `{ "error", "code" }`.',
      version: config.APP_VERSION ?? '0.1.0',
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
}
