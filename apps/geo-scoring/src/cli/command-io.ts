import { Environment, loadMigrationConfig } from '@platform/config';
import { createDataSource } from '@platform/database';
import type { DataSource } from 'typeorm';

/** Where a `tools geo` command writes; tests pass their own to read what it printed. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs `work` on a connection to geo-scoring's database (DATABASE_URL, or the local default) and
 * always closes it. Commands need only the URL, like the migration Job, so no app secret is
 * required to run them.
 */
export async function withGeoDatabase<T>(
  env: Environment,
  applicationName: string,
  work: (dataSource: DataSource) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const dataSource = createDataSource({
    url: loadMigrationConfig('geo-scoring', env).databaseUrl,
    migrations: [],
    applicationName,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
