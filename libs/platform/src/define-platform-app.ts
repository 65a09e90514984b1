import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Router } from 'express';
import { Clock } from '@platform/clock';
import type { ServiceConfig } from '@platform/config';
import { createPlatformApp, type ErrorBodyFormat, type OpenApiOptions } from '@platform/http';
import type { MigrationInterface } from 'typeorm';
import { ServicePlatformModule } from './service-platform.module';

/** What a test or main.ts may choose when it builds a service. */
export interface PlatformAppOptions {
  /** Where logs go; stdout by default (tests capture them). */
  logDestination?: NodeJS.WritableStream;
  /** What "now" is; the system clock by default (tests pin an instant). */
  clock?: Clock;
}

export interface PlatformAppDefinition<C extends ServiceConfig> {
  /** Migrations of the service's database, in order. */
  migrations: (new () => MigrationInterface)[];
  /** The service's feature modules, given its validated configuration. */
  imports(config: C): NonNullable<ModuleMetadata['imports']>;
  errorFormat: ErrorBodyFormat;
  openApi: Omit<OpenApiOptions, 'version'>;
  /** Route-specific body parsers mounted ahead of the global JSON parser. */
  beforeBodyParser?: (parsers: Router) => void;
  /** Runs once the app is built and before it listens (e.g. attach a raw HTTP handler). */
  afterCreate?: (app: NestExpressApplication, config: C) => void | Promise<void>;
}

export interface PlatformApp<C extends ServiceConfig> {
  /** The root module: the platform (logging, probes, metrics, database, Redis) plus features. */
  module(config: C, options?: PlatformAppOptions): DynamicModule;
  /** Builds the app (main.ts and the HTTP tests); it is not listening yet. */
  create(config: C, options?: PlatformAppOptions): Promise<NestExpressApplication>;
}

/**
 * Declares a service once: its migrations, features, error shape and OpenAPI description. Every
 * app is built the same way from this, so the bootstrap is not copied per service.
 */
export function definePlatformApp<C extends ServiceConfig>(
  definition: PlatformAppDefinition<C>,
): PlatformApp<C> {
  @Module({})
  class AppModule {}
  @Module({})
  class FeaturesModule {}

  // Nest registers routes in the order modules enter its container, level by level of the import
  // tree. Features one level below the platform keep the platform's routes (the probes) first
  // in Express's route list, ahead of every feature route each request is matched against.
  const module = (config: C, options: PlatformAppOptions = {}): DynamicModule => ({
    module: AppModule,
    imports: [
      ServicePlatformModule.forRoot(config, {
        migrations: definition.migrations,
        logDestination: options.logDestination,
        clock: options.clock,
      }),
      { module: FeaturesModule, imports: definition.imports(config) },
    ],
  });

  return {
    module,
    async create(config, options = {}) {
      const app = await createPlatformApp(module(config, options), {
        errorFormat: definition.errorFormat,
        trustProxyHops: config.TRUST_PROXY_HOPS,
        beforeBodyParser: definition.beforeBodyParser,
        openApi: { ...definition.openApi, version: config.APP_VERSION ?? '0.1.0' },
      });
      await definition.afterCreate?.(app, config);
      return app;
    },
  };
}
