import 'reflect-metadata';
import { loadMigrationConfig, processEnvironment } from '@platform/config';
import { migrateCommand } from '@platform/database';
import { exitOnStartupError } from '@platform/http';
import { migrations } from './migrations';

/** Applies pending migrations (npm run migrate, the compose migrate step, the Kubernetes Job). */
async function main(): Promise<void> {
  const { databaseUrl } = loadMigrationConfig('maritime', processEnvironment());
  process.exitCode = await migrateCommand('maritime', databaseUrl, migrations);
}

main().catch((error: unknown) => exitOnStartupError('maritime', error));
