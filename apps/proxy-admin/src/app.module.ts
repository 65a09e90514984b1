import { DynamicModule, Module } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ServicePlatformModule } from '@platform/platform';
import { CacheInvalidationModule } from '@platform/redis';
import { migrations } from './migrations';

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
      ],
    };
  }
}
