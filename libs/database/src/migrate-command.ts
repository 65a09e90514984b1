import { MigrationInterface } from 'typeorm';
import { redactPassword } from './database-url';
import { ensureDatabase, runMigrations } from './migrate';

function logLine(
  service: string,
  level: string,
  msg: string,
  extra: Record<string, unknown> = {},
): void {
  process.stdout.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), service, msg, ...extra })}\n`,
  );
}

/**
 * The body of every app's `migrate` entry point (also the Kubernetes migration Job): create the
 * database when missing, apply pending migrations, and report what ran. Returns the exit code.
 */
export async function migrateCommand(
  service: string,
  databaseUrl: string,
  migrations: (new () => MigrationInterface)[],
): Promise<number> {
  const target = redactPassword(databaseUrl);
  try {
    if (await ensureDatabase(databaseUrl))
      logLine(service, 'info', 'created database', { database: target });
    const applied = await runMigrations({
      url: databaseUrl,
      migrations,
      applicationName: `${service}:migrate`,
    });
    logLine(service, 'info', applied.length ? 'applied migrations' : 'schema is up to date', {
      database: target,
      applied,
    });
    return 0;
  } catch (error) {
    logLine(service, 'fatal', `migration failed: ${(error as Error).message}`, {
      database: target,
    });
    return 1;
  }
}
