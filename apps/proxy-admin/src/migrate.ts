import 'reflect-metadata';
import { loadConfig, processEnvironment, ProxyAdminConfig } from '@platform/config';
import { migrateCommand } from '@platform/database';
import { exitOnStartupError } from '@platform/http';
import { migrations } from './migrations';

async function main(): Promise<void> {
  const config = loadConfig(ProxyAdminConfig, processEnvironment());
  process.exitCode = await migrateCommand(config.serviceName, config.DATABASE_URL, migrations);
}

main().catch((error: unknown) => exitOnStartupError('proxy-admin', error));
