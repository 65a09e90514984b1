import { Client } from 'pg';
import { createDataSource, DatabaseOptions } from './data-source';
import { databaseNameOf, quoteIdentifier, redactPassword, withDatabase } from './database-url';

/**
 * Creates the URL's database when it is missing (a fresh machine has none). Needs CREATEDB;
 * where the role lacks it, the database is expected to exist and the error says so.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseNameOf(url);
  const admin = new Client({
    connectionString: withDatabase(url, 'postgres'),
    connectionTimeoutMillis: 5000,
  });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `cannot reach PostgreSQL at ${redactPassword(url)}: ${(error as Error).message}`,
    );
  }
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    } catch (error) {
      // Another migrator created it at the same moment.
      if ((error as { code?: string }).code !== '42P04') throw error;
      return false;
    }
    return true;
  } finally {
    await admin.end();
  }
}

/**
 * Runs pending migrations in order and returns the names it applied.
 *
 * A rollout starts several migrators at once (a release Job and an init container per pod).
 * TypeORM takes no lock, so a session-level advisory lock per database serialises them: the
 * first applies the migrations, the others wait and then find nothing pending. Without it a
 * data-only migration could run twice.
 */
export async function runMigrations(options: DatabaseOptions): Promise<string[]> {
  const lock = new Client({
    connectionString: options.url,
    application_name: `${options.applicationName}:migrate-lock`,
  });
  await lock.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtext('migrate:' || current_database()))`);
    const dataSource = createDataSource({ ...options, poolSize: 2, statementTimeoutMs: 0 });
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await lock.end();
  }
}
