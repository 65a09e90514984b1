// bench/geo-seed measurement (run by run.mjs through swc): rows per second of the seed's COPY
// phase (generation + COPY) vs a plain `COPY ... FROM` of the very same rows read from files,
// both into the same freshly migrated database in one run. With --post-load a second, complete
// seed follows and prints each phase's time, among them `replay`: the score refresh of every
// metro for each replayed day.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

import { quoteIdentifier, runMigrations, withDatabase } from '@platform/database';
import { migrations } from '../../apps/geo-scoring/src/migrations';
import {
  isSeedProfileName,
  SEED_PROFILES,
} from '../../apps/geo-scoring/src/pipeline/seed/profiles';
import { seedDatabase } from '../../apps/geo-scoring/src/pipeline/seed/seed';
import {
  DERIVED_TABLES,
  SEEDED_TABLES,
} from '../../apps/geo-scoring/src/pipeline/seed/seed.repository';

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--profile');
  const profile =
    flag >= 0 ? (process.argv[flag + 1] ?? '') : (process.env.BENCH_PROFILE ?? 'standard');
  if (!isSeedProfileName(profile)) throw new Error('--profile must be tiny, standard or large');
  const postLoad = process.argv.includes('--post-load');
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_geo_seed_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(server, name);
  const dir = mkdtempSync(join(tmpdir(), 'geo-seed-bench-'));
  try {
    await runMigrations({ url, migrations, applicationName: 'bench-geo-seed' });
    const report = await seedDatabase(url, {
      profile,
      seed: 42,
      asOf: '2026-11-21',
      progress: 'silent',
      skipPostLoad: true,
    });
    const client = new Client({ connectionString: url, options: '-c TimeZone=UTC' });
    await client.connect();
    try {
      for (const table of SEEDED_TABLES) {
        await pipeline(
          client.query(copyTo(`COPY (SELECT * FROM ${table}) TO STDOUT`)),
          createWriteStream(join(dir, table)),
        );
      }
      await client.query(`TRUNCATE ${[...SEEDED_TABLES, ...DERIVED_TABLES].join(', ')}`);
      const started = Date.now();
      for (const table of SEEDED_TABLES) {
        await pipeline(
          createReadStream(join(dir, table)),
          client.query(copyFrom(`COPY ${table} FROM STDIN`)),
        );
      }
      const plainMs = Date.now() - started;
      const seedRate = report.copy.rows / (report.copy.ms / 1000);
      const plainRate = report.copy.rows / (plainMs / 1000);
      console.log(
        `geo-seed: profile ${profile}, ${report.copy.rows} rows in ${SEEDED_TABLES.length} tables`,
      );
      console.log(
        `  seed COPY phase (generate + COPY): ${(report.copy.ms / 1000).toFixed(1)} s, ${Math.round(seedRate)} rows/s`,
      );
      console.log(
        `  plain COPY FROM files:             ${(plainMs / 1000).toFixed(1)} s, ${Math.round(plainRate)} rows/s`,
      );
      console.log(`ratio: ${(seedRate / plainRate).toFixed(3)} of plain COPY's rows per second`);
    } finally {
      await client.end();
    }
    if (postLoad) {
      // A second, complete seed over the first: the post-load phases need the seed's own rows
      // and ids, which the plain COPY above does not keep consistent with derived tables.
      const full = await seedDatabase(url, {
        profile,
        seed: 42,
        asOf: '2026-11-21',
        progress: 'silent',
        reset: true,
      });
      for (const [phase, ms] of Object.entries(full.phasesMs))
        if (phase !== 'done')
          console.log(`  phase ${phase.padEnd(12)} ${(ms / 1000).toFixed(1)} s`);
      const days = SEED_PROFILES[profile].replayDays;
      const replayMs = full.phasesMs['replay'] ?? 0;
      console.log(
        `score refresh: ${days} replayed days, ${(replayMs / days / 1000).toFixed(2)} s per day (all metros)`,
      );
    }
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
