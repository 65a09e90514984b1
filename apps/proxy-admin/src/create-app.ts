import type { NestExpressApplication } from '@nestjs/platform-express';
import { ProxyAdminConfig } from '@platform/config';
import { createPlatformApp, openAiErrorBody } from '@platform/http';
import type { Server } from 'node:http';
import { AppModule, AppModuleOptions } from './app.module';
import { ClientApiServer } from './client-api/client-api.server';
import { describeClientApi } from './client-api/client-api.openapi';

/** Builds the proxy-admin app (used by main.ts and by the HTTP tests). */
export async function createApp(
  config: ProxyAdminConfig,
  options: AppModuleOptions = {},
): Promise<NestExpressApplication> {
  const app = await createPlatformApp(AppModule.forRoot(config, options), {
    errorFormat: openAiErrorBody,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    openApi: {
      title: 'proxy-admin',
      description:
        'Operator API of the LLM routing proxy and its OpenAI-compatible client API. Errors: `{ "error": { "message", "type", "code" } }`.',
      version: config.APP_VERSION ?? '0.1.0',
      configure: (builder) =>
        builder
          .addBearerAuth(
            { type: 'http', scheme: 'bearer', description: 'ADMIN_SECRET or a scoped admin token' },
            'admin',
          )
          .addBearerAuth(
            { type: 'http', scheme: 'bearer', description: 'A virtual key, sk-proxy-...' },
            'virtual-key',
          ),
      extend: describeClientApi,
    },
  });
  app.get(ClientApiServer).attach(app.getHttpServer() as Server);
  return app;
}
