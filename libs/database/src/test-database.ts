import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MigrationInterface } from 'typeorm';
import { runMigrations } from './migrate';
import { quoteIdentifier, withDatabase } from './database-url';

export interface TestDatabaseOptions {
  /** Server URL; the database part is ignored. */
  serverUrl: string;
  /** Short name of the service, e.g. `proxy_admin`. */
  service: string;
  migrations: (new () => MigrationInterface)[];
  /** Runs once on a freshly migrated template, e.g. to load seed data shared by every test file. */
  prepareTemplate?: (url: string) => Promise<void>;
  /** Distinguishes templates prepared differently (e.g. a seed profile). */
  templateVariant?: string;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * The template is named after what built it (the migrations' and the preparation's code), so a
 * new or edited migration builds a new template instead of reusing a stale one.
 */
function templateName(options: TestDatabaseOptions): string {
  const fingerprint = createHash('sha256')
    .update(options.migrations.map((m) => `${m.name}\n${m.toString()}`).join('\n'))
    .update(`:${options.prepareTemplate?.toString() ?? ''}:${options.templateVariant ?? ''}`)
    .digest('hex')
    .slice(0, 10);
  return `tpl_${options.service}_${fingerprint}`;
}

async function withAdminClient<T>(
  serverUrl: string,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds the migrated template once per migration set. Parallel test files serialise on an
 * advisory lock; the template is built under a temporary name and renamed when complete, so a
 * crashed build never leaves a half-migrated template behind. Old templates are not dropped
 * here (another checkout's run may be using them); `.ci/run` prunes unused ones.
 */
async function ensureTemplate(options: TestDatabaseOptions): Promise<string> {
  const template = templateName(options);
  await withAdminClient(options.serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return;
      const building = `${template}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quoteIdentifier(building)}`);
      try {
        const url = withDatabase(options.serverUrl, building);
        await runMigrations({
          url,
          migrations: options.migrations,
          applicationName: 'test-template',
        });
        if (options.prepareTemplate) await options.prepareTemplate(url);
        await admin.query(
          `ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(template)}`,
        );
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(building)} WITH (FORCE)`);
        throw error;
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

/**
 * Gives one test file its own database, cloned from a migrated template with
 * `CREATE DATABASE ... TEMPLATE ...` (a file copy, far faster than migrating again).
 */
export async function createTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const template = await ensureTemplate(options);
  const name = `test_${options.service}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(options.serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );
  return {
    name,
    url: withDatabase(options.serverUrl, name),
    drop: () =>
      withAdminClient(options.serverUrl, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      }),
  };
}
