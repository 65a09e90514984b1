import { DataSource, MigrationInterface } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';

export interface DatabaseOptions {
  url: string;
  /** Migration classes, oldest first (classes, never globs: the build has no sources to scan). */
  migrations: (new () => MigrationInterface)[];
  entities?: PostgresDataSourceOptions['entities'];
  /** Shown in pg_stat_activity. */
  applicationName: string;
  poolSize?: number;
  /** A pool that cannot get a connection in time fails fast instead of hanging readiness. */
  connectionTimeoutMs?: number;
  /** Upper bound of any single statement. */
  statementTimeoutMs?: number;
}

/** Options of every service's data source: migrations only, never `synchronize`. */
export function createDataSourceOptions(options: DatabaseOptions): PostgresDataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    entities: options.entities ?? [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    applicationName: options.applicationName,
    poolSize: options.poolSize ?? 10,
    extra: {
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 3000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      idleTimeoutMillis: 30_000,
      // Every session in UTC (see docs/runtime.md#utc-everywhere), whatever the server's default.
      options: '-c TimeZone=UTC',
    },
  };
}

export function createDataSource(options: DatabaseOptions): DataSource {
  return new DataSource(createDataSourceOptions(options));
}
