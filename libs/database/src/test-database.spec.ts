import { loadConfig, processEnvironment, TestEnvironmentConfig } from '@platform/config';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseNameOf, redactPassword, withDatabase } from './database-url';
import { ensureDatabase, runMigrations } from './migrate';
import { createTestDatabase, TestDatabase } from './test-database';

const { TEST_DATABASE_URL: serverUrl } = loadConfig(TestEnvironmentConfig, processEnvironment());

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE widgets (id serial PRIMARY KEY, name text NOT NULL)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE widgets');
  }
}

/** A data-only migration: running it twice would leave two rows. */
class SeedWidget1700000000001 implements MigrationInterface {
  name = 'SeedWidget1700000000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query('SELECT pg_sleep(0.2)');
    await q.query(`INSERT INTO widgets (name) VALUES ('first')`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM widgets WHERE name = 'first'`);
  }
}

async function query<T extends object>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('database URL helpers', () => {
  it('reads and replaces the database name and hides passwords', () => {
    const url = 'postgres://app:s3cret@db.internal:5432/proxy_admin?sslmode=require';
    expect(databaseNameOf(url)).toBe('proxy_admin');
    expect(withDatabase(url, 'other')).toBe(
      'postgres://app:s3cret@db.internal:5432/other?sslmode=require',
    );
    expect(redactPassword(url)).not.toContain('s3cret');
    expect(() => databaseNameOf('postgres://h:5432/')).toThrow(/names no database/);
  });
});

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(created.map((db) => db.drop()));
  });

  it('clones a migrated template per call, so files do not share rows', async () => {
    const options = { serverUrl, service: 'dbspec', migrations: [CreateWidgets1700000000000] };
    const [a, b] = await Promise.all([createTestDatabase(options), createTestDatabase(options)]);
    created.push(a!, b!);
    expect(a!.name).not.toBe(b!.name);

    await query(a!.url, "INSERT INTO widgets (name) VALUES ('only-in-a')");
    expect(await query(a!.url, 'SELECT name FROM widgets')).toEqual([{ name: 'only-in-a' }]);
    expect(await query(b!.url, 'SELECT name FROM widgets')).toEqual([]);
    const applied = await query<{ name: string }>(a!.url, 'SELECT name FROM migrations');
    expect(applied.map((r) => r.name)).toEqual(['CreateWidgets1700000000000']);
  });

  it('drops a test database completely', async () => {
    const db = await createTestDatabase({
      serverUrl,
      service: 'dbspec',
      migrations: [CreateWidgets1700000000000],
    });
    await db.drop();
    const rows = await query(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [db.name]);
    expect(rows).toHaveLength(0);
  });
});

describe('ensureDatabase and runMigrations', () => {
  const name = `ensure_spec_${process.pid}_${Date.now()}`;
  const url = withDatabase(serverUrl, name);
  afterAll(async () => {
    await query(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('creates a missing database once and applies each migration once', async () => {
    expect(await ensureDatabase(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
    const options = { url, migrations: [CreateWidgets1700000000000], applicationName: 'spec' };
    expect(await runMigrations(options)).toEqual(['CreateWidgets1700000000000']);
    expect(await runMigrations(options)).toEqual([]);
  });

  it('serialises concurrent migrators so each migration runs once', async () => {
    const options = {
      url,
      migrations: [CreateWidgets1700000000000, SeedWidget1700000000001],
      applicationName: 'spec',
    };
    const runs = await Promise.all([runMigrations(options), runMigrations(options)]);
    expect(runs.flat()).toEqual(['SeedWidget1700000000001']);
    expect(await query(url, 'SELECT name FROM widgets')).toEqual([{ name: 'first' }]);
  });

  it('says which server it could not reach', async () => {
    await expect(ensureDatabase('postgres://postgres@127.0.0.1:1/nowhere')).rejects.toThrow(
      /cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere/,
    );
  });
});
