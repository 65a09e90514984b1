import { DynamicModule, Module, Type } from '@nestjs/common';
import { HealthController } from './health/health.controller';
import { DrainState } from './lifecycle/drain-state';
import { READINESS_CHECKS, ReadinessCheck } from './health/readiness-check';
import { PlatformLogger } from './logging/platform-logger';
import { AppMetrics } from './metrics/http-metrics';
import { MetricsController } from './metrics/metrics.controller';

export interface PlatformHttpOptions {
  service: string;
  logLevel: string;
  /** Dependencies `/readyz` checks; each class must be injectable in the app. */
  readinessChecks: Type<ReadinessCheck>[];
  logDestination?: NodeJS.WritableStream;
}

/** Logging, `/healthz`, `/readyz` and `/metrics` for one service. */
@Module({})
export class PlatformHttpModule {
  static forRoot(options: PlatformHttpOptions): DynamicModule {
    return {
      module: PlatformHttpModule,
      global: true,
      controllers: [HealthController, MetricsController],
      providers: [
        {
          provide: PlatformLogger,
          useValue: new PlatformLogger({
            service: options.service,
            level: options.logLevel,
            destination: options.logDestination,
          }),
        },
        { provide: AppMetrics, useValue: new AppMetrics(options.service) },
        { provide: DrainState, useValue: new DrainState() },
        ...options.readinessChecks,
        {
          provide: READINESS_CHECKS,
          useFactory: (...checks: ReadinessCheck[]) => checks,
          inject: options.readinessChecks,
        },
      ],
      exports: [PlatformLogger, AppMetrics, DrainState],
    };
  }
}
