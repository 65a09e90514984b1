import 'reflect-metadata';
import { loadMigrationConfig, processEnvironment } from '@platform/config';
import { migrateCommand } from '@platform/database';
import { exitOnStartupError } from '@platform/http';
import { migrations } from './migrations';

/** Applies pending migrations (npm run migrate, the compose migrate step, the Kubernetes Job). */
async function main(): Promise<void> {
  const { databaseUrl } = loadMigrationConfig('geo-scoring', processEnvironment());
  process.exitCode = await migrateCommand('geo-scoring', databaseUrl, migrations);
}

main().catch((error: unknown) => exitOnStartupError('geo-scoring', error));
