import {
  DynamicModule,
  INestApplicationContext,
  Logger,
  LoggerService,
  Module,
  Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Clock, SystemClock } from '@platform/clock';
import { createDataSource } from '@platform/database';
import { DataSource } from 'typeorm';

/** Where a context outside the HTTP app connects: a URL only, no app config or secret. */
export interface StandaloneDatabaseOptions {
  url: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  poolSize?: number;
  /** Upper bound of any single statement; 0 for none. */
  statementTimeoutMs?: number;
}

export type ContextModule = Type<unknown> | DynamicModule;

/** Provides an already open DataSource and the clock to every module of the context. */
@Module({})
class StandaloneDatabaseModule {
  static of(dataSource: DataSource, clock: Clock): DynamicModule {
    return {
      module: StandaloneDatabaseModule,
      global: true,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: Clock, useValue: clock },
      ],
      exports: [DataSource, Clock],
    };
  }
}

@Module({})
class StandaloneContextModule {}

/**
 * A Nest application context of `modules` (pipeline feature modules) over `dataSource`, which
 * the caller opens and closes: how the CLI commands, the seed and tests build the same providers
 * as the app without its HTTP server, Redis or config. `clock` is what "now" is for them (the
 * system clock unless a test pins one). A provider that cannot be built rejects instead of
 * aborting the process.
 */
export async function createStandaloneContext(
  dataSource: DataSource,
  modules: readonly ContextModule[],
  clock: Clock = new SystemClock(),
): Promise<INestApplicationContext> {
  // Nest's logger is process-wide. It is off only while the context boots, so no bootstrap line
  // reaches a command's output, and then given back: the providers log as the caller's would.
  const previous = Reflect.get(Logger, 'staticInstanceRef') as LoggerService | undefined;
  try {
    return await NestFactory.createApplicationContext(
      {
        module: StandaloneContextModule,
        imports: [StandaloneDatabaseModule.of(dataSource, clock), ...modules],
      },
      { logger: false, abortOnError: false },
    );
  } finally {
    Logger.overrideLogger(previous ?? false);
  }
}

/**
 * Opens a DataSource on `database`, runs `work` in a context of `modules` over it (see
 * createStandaloneContext) and always closes both.
 */
export async function withStandaloneContext<T>(
  database: StandaloneDatabaseOptions,
  modules: readonly ContextModule[],
  work: (context: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const dataSource = createDataSource({ ...database, migrations: [] });
  await dataSource.initialize();
  try {
    const context = await createStandaloneContext(dataSource, modules);
    try {
      return await work(context);
    } finally {
      await context.close();
    }
  } finally {
    await dataSource.destroy();
  }
}
