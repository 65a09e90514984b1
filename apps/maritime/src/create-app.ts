import type { NestExpressApplication } from '@nestjs/platform-express';
import { MaritimeConfig } from '@platform/config';
import { codeErrorBody, createPlatformApp } from '@platform/http';
import { AppModule, AppModuleOptions } from './app.module';

/** Builds the maritime app (used by main.ts and by the HTTP tests). */
export function createApp(
  config: MaritimeConfig,
  options: AppModuleOptions = {},
): Promise<NestExpressApplication> {
  return createPlatformApp(AppModule.forRoot(config, options), {
    errorFormat: codeErrorBody,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    openApi: {
      title: 'maritime',
      description:
        'Vessel, port and trade intelligence, watchlists, alerts and investigations. Errors: `{ "error", "code" }`.',
      version: config.APP_VERSION ?? '0.1.0',
      configure: (builder) =>
        builder.addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key'),
    },
  });
}
