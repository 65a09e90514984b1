import { loadConfig, processEnvironment, TestEnvironmentConfig } from '@platform/config';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { copyTextChunks } from './copy-text';
import { createTestDatabase, TestDatabase } from './test-database';

const { TEST_DATABASE_URL: serverUrl } = loadConfig(TestEnvironmentConfig, processEnvironment());

class CreateReadings1700000000000 implements MigrationInterface {
  name = 'CreateReadings1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE readings (id int PRIMARY KEY, label text, at timestamptz)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE readings');
  }
}

describe('copyTextChunks (real PostgreSQL)', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase({
      serverUrl,
      service: 'copytextspec',
      migrations: [CreateReadings1700000000000],
    });
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('writes every line of every chunk, with escapes and nulls, and counts them', async () => {
    const seen: number[] = [];
    const written = await copyTextChunks(
      client,
      'readings',
      ['id', 'label', 'at'],
      [
        '1\tplain\t2026-03-31T23:59:59.000Z\n2\ttab\\there\t\\N\n',
        '',
        '3\t\\N\t2026-01-01T00:00:00Z\n',
      ],
      (n) => seen.push(n),
    );
    expect(written).toBe(3);
    expect(seen).toEqual([2, 1]);
    const rows = (
      await client.query('SELECT id, label, at IS NULL AS no_time FROM readings ORDER BY id')
    ).rows as { id: number; label: string | null; no_time: boolean }[];
    expect(rows).toEqual([
      { id: 1, label: 'plain', no_time: false },
      { id: 2, label: 'tab\there', no_time: true },
      { id: 3, label: null, no_time: false },
    ]);
  });

  it('keeps nothing of a COPY that fails half way, and the client stays usable', async () => {
    await expect(
      copyTextChunks(client, 'readings', ['id', 'label', 'at'], ['10\tok\t\\N\n', 'x\tbad\t\\N\n']),
    ).rejects.toThrow(/invalid input syntax for type integer/);
    const [row] = (await client.query('SELECT count(*)::int AS n FROM readings WHERE id = 10'))
      .rows as { n: number }[];
    expect(row!.n).toBe(0);
  });
});
