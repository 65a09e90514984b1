// bench/maritime-seed measurement (run by run.mjs through swc): the default seed's positions
// COPY phase (generate + COPY) against a plain `COPY ais_positions FROM` of the very same rows
// read from a file, both into one freshly migrated database in one run; and the seed's total.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { quoteIdentifier, runMigrations, withDatabase } from '@platform/database';
import { migrations } from '../../apps/maritime/src/migrations';
import { seedMaritimeDatabase } from '../../apps/maritime/src/pipeline/seed/seed-database';

const PROFILES = ['small', 'default', 'large'] as const;

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--profile');
  const profile = (flag >= 0 ? process.argv[flag + 1] : 'default') as (typeof PROFILES)[number];
  if (!PROFILES.includes(profile)) throw new Error('--profile must be small, default or large');
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_maritime_seed_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(server, name);
  const dir = mkdtempSync(join(tmpdir(), 'maritime-seed-bench-'));
  try {
    await runMigrations({ url, migrations, applicationName: 'bench-maritime-seed' });
    const started = performance.now();
    const report = await seedMaritimeDatabase(url, {
      profile,
      seed: 42,
      asOf: new Date().toISOString().slice(0, 10),
      reset: false,
      progress: 'silent',
    });
    const totalS = (performance.now() - started) / 1000;
    const positions = report.rows['ais_positions'] ?? 0;
    const seedMs = report.phasesMs['positions'] ?? 0;
    const client = new Client({ connectionString: url, options: '-c TimeZone=UTC' });
    await client.connect();
    let plainMs = 0;
    try {
      const file = join(dir, 'ais_positions');
      await pipeline(
        client.query(copyTo('COPY (SELECT * FROM ais_positions) TO STDOUT')),
        createWriteStream(file),
      );
      await client.query('TRUNCATE ais_positions');
      const plainStarted = performance.now();
      await pipeline(
        createReadStream(file),
        client.query(copyFrom('COPY ais_positions FROM STDIN')),
      );
      plainMs = performance.now() - plainStarted;
    } finally {
      await client.end();
    }
    const seedRate = positions / (seedMs / 1000);
    const plainRate = positions / (plainMs / 1000);
    console.log(`maritime-seed: profile ${profile}, ${positions} positions`);
    for (const [phase, ms] of Object.entries(report.phasesMs))
      console.log(`  phase ${phase.padEnd(10)} ${(ms / 1000).toFixed(1)} s`);
    console.log(`  whole seed (with migrations already applied): ${totalS.toFixed(1)} s`);
    console.log(`  seed positions phase (generate + COPY): ${Math.round(seedRate)} positions/s`);
    console.log(`  plain COPY FROM a file:                 ${Math.round(plainRate)} positions/s`);
    console.log(`ratio: ${(seedRate / plainRate).toFixed(3)} of plain COPY's positions per second`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
