import 'reflect-metadata';
import { loadMigrationConfig, processEnvironment } from '@platform/config';
import { migrateCommand } from '@platform/database';
import { exitOnStartupError } from '@platform/http';
import { migrations } from './migrations';

/** Applies pending migrations (npm run migrate, the compose migrate step, the Kubernetes Job). */
async function main(): Promise<void> {
  const { databaseUrl } = loadMigrationConfig('proxy-admin', processEnvironment());
  process.exitCode = await migrateCommand('proxy-admin', databaseUrl, migrations);
}

main().catch((error: unknown) => exitOnStartupError('proxy-admin', error));
