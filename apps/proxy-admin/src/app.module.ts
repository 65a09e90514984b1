import { DynamicModule, Module } from '@nestjs/common';
import { AdminAuthModule } from '@platform/auth';
import { ProxyAdminConfig } from '@platform/config';
import { ServicePlatformModule } from '@platform/platform';
import { CacheInvalidationModule } from '@platform/redis';
import { ClientApiModule } from './client-api/client-api.module';
import { KeysModule } from './keys/keys.module';
import { migrations } from './migrations';
import { ModelAliasesModule } from './model-aliases/model-aliases.module';
import { RoutingModule } from './routing/routing.module';

export interface AppModuleOptions {
  /** Where logs go; stdout by default. */
  logDestination?: NodeJS.WritableStream;
}

@Module({})
export class AppModule {
  static forRoot(config: ProxyAdminConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot(config, {
          migrations,
          logDestination: options.logDestination,
        }),
        CacheInvalidationModule.forRoot(),
        AdminAuthModule.forRoot({
          adminSecret: config.ADMIN_SECRET,
          scopedTokens: config.SCOPED_ADMIN_TOKENS,
        }),
        RoutingModule,
        KeysModule,
        ModelAliasesModule,
        ClientApiModule,
      ],
    };
  }
}
