import type { NestExpressApplication } from '@nestjs/platform-express';
import { AdminAuthModule } from '@platform/auth';
import { ProxyAdminConfig } from '@platform/config';
import { openAiErrorBody } from '@platform/http';
import { definePlatformApp, type PlatformAppOptions } from '@platform/platform';
import { CacheInvalidationModule } from '@platform/redis';
import type { Server } from 'node:http';
import { ClientApiModule } from './client-api/client-api.module';
import { describeClientApi } from './client-api/client-api.openapi';
import { ClientApiServer } from './client-api/client-api.server';
import { DashboardSessionModule } from './dashboard-session/dashboard-session.module';
import { useDeviceRouteBodyParsers } from './device-flow/device-body-parsers';
import { DeviceFlowModule } from './device-flow/device-flow.module';
import { IdpConnectionsModule } from './idp-connections/idp-connections.module';
import { KeysModule } from './keys/keys.module';
import { migrations } from './migrations';
import { ModelAliasesModule } from './model-aliases/model-aliases.module';
import { SessionsWindowModule } from './sessions-window/sessions-window.module';
import { OneShotModule } from './one-shot/one-shot.module';
import { PresetsModule } from './presets/presets.module';
import { WebSearchModule } from './web-search/web-search.module';
import { ResponseCacheModule } from './response-cache/response-cache.module';
import { RoutingModule } from './routing/routing.module';

/** proxy-admin: the operator API and the OpenAI-compatible client API of the LLM proxy. */
export const proxyAdminApp = definePlatformApp<ProxyAdminConfig>({
  migrations,
  imports: (config) => [
    CacheInvalidationModule.forRoot(),
    AdminAuthModule.forRoot({
      adminSecret: config.ADMIN_SECRET,
      scopedTokens: config.SCOPED_ADMIN_TOKENS,
    }),
    DashboardSessionModule,
    RoutingModule,
    KeysModule,
    ModelAliasesModule,
    ClientApiModule,
    SessionsWindowModule,
    OneShotModule,
    PresetsModule,
    WebSearchModule,
    ResponseCacheModule,
    IdpConnectionsModule,
    DeviceFlowModule,
  ],
  errorFormat: openAiErrorBody,
  // RFC 8628 clients send the device routes forms; every other route takes JSON only.
  beforeBodyParser: useDeviceRouteBodyParsers,
  openApi: {
    title: 'proxy-admin',
    description:
      'Operator API of the LLM routing proxy and its OpenAI-compatible client API. Errors: `{ "error": { "message", "type", "code" } }`.',
    configure: (builder) =>
      builder
        .addBearerAuth(
          { type: 'http', scheme: 'bearer', description: 'ADMIN_SECRET or a scoped admin token' },
          'admin',
        )
        .addBearerAuth(
          { type: 'http', scheme: 'bearer', description: 'A virtual key, sk-proxy-...' },
          'virtual-key',
        )
        .addBearerAuth(
          {
            type: 'http',
            scheme: 'bearer',
            description: 'A dashboard session JWT (or the `session` cookie)',
          },
          'session',
        ),
    extend: describeClientApi,
  },
  // The client API is served beside Nest's router, on the same HTTP server.
  afterCreate: (app) => app.get(ClientApiServer).attach(app.getHttpServer() as Server),
});

/** Builds the proxy-admin app (used by main.ts and by the HTTP tests). */
export function createApp(
  config: ProxyAdminConfig,
  options: PlatformAppOptions = {},
): Promise<NestExpressApplication> {
  return proxyAdminApp.create(config, options);
}
