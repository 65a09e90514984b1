import { DynamicModule, Module } from '@nestjs/common';
import { Clock, SystemClock } from '@platform/clock';
import { ServiceConfig } from '@platform/config';
import { DatabaseModule, PostgresReadinessCheck } from '@platform/database';
import { PlatformHttpModule } from '@platform/http';
import { RedisModule, RedisReadinessCheck } from '@platform/redis';
import { MigrationInterface } from 'typeorm';

export interface ServicePlatformOptions {
  migrations: (new () => MigrationInterface)[];
  /** Where logs go; stdout by default (tests capture them). */
  logDestination?: NodeJS.WritableStream;
  /** What "now" is for every feature; the system clock by default. */
  clock?: Clock;
}

/**
 * What every service runs on: logging, probes and metrics, its own PostgreSQL database and its
 * prefixed Redis connection, with readiness following both. The service's config is provided
 * under its own class, so features inject `ProxyAdminConfig`, `GeoScoringConfig`, ...; the
 * `Clock` is provided the same way.
 */
@Module({})
export class ServicePlatformModule {
  static forRoot(config: ServiceConfig, options: ServicePlatformOptions): DynamicModule {
    const configClass = config.constructor as new () => ServiceConfig;
    return {
      module: ServicePlatformModule,
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
          migrations: options.migrations,
          applicationName: config.serviceName,
        }),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          service: config.serviceName,
        }),
      ],
      providers: [
        { provide: configClass, useValue: config },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
      ],
      exports: [configClass, Clock],
    };
  }
}
