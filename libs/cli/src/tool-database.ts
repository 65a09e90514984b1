import { Environment, loadMigrationConfig, ServiceName } from '@platform/config';
import { createDataSource } from '@platform/database';
import type { DataSource } from 'typeorm';

/**
 * Runs `work` on a connection to a service's database (DATABASE_URL, or the local default) and
 * always closes it. Operator commands need only the URL, like the migration job, so running one
 * never requires the service's secrets.
 */
export async function withToolDatabase<T>(
  service: ServiceName,
  env: Environment,
  applicationName: string,
  work: (dataSource: DataSource) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const dataSource = createDataSource({
    url: loadMigrationConfig(service, env).databaseUrl,
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
