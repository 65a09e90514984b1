import { DynamicModule, Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { DatabaseModule, PostgresReadinessCheck } from '@platform/database';
import { PlatformHttpModule } from '@platform/http';
import { RedisModule, RedisReadinessCheck } from '@platform/redis';
import { migrations } from './migrations';

export interface AppModuleOptions {
  /** Where logs go; stdout by default. */
  logDestination?: NodeJS.WritableStream;
}

@Module({})
export class AppModule {
  static forRoot(config: GeoScoringConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        PlatformHttpModule.forRoot({
          service: config.serviceName,
          logLevel: config.LOG_LEVEL,
          readinessChecks: [PostgresReadinessCheck, RedisReadinessCheck],
          logDestination: options.logDestination,
        }),
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          migrations,
          applicationName: config.serviceName,
        }),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          service: config.serviceName,
        }),
      ],
      providers: [{ provide: GeoScoringConfig, useValue: config }],
      exports: [GeoScoringConfig],
    };
  }
}
