// bench/ais-ingest measurement (run by run.mjs through swc): lines per second through
// POST /api/v1/ais/ingest in 20,000-line bodies against ais-stream-decoder decoding the same
// lines alone, in one run. The service runs in this process on a database seeded with the small
// profile; the lines are the seed's own tracks moved 7 minutes later (new rows, known vessels).
import AisDecoder from 'ais-stream-decoder';
import { Client } from 'pg';
import { loadConfig, MaritimeConfig } from '@platform/config';
import { quoteIdentifier, runMigrations, withDatabase } from '@platform/database';
import { exportTrackAsNmea, generateWorld, parseTagBlock } from '@platform/maritime-domain';
import { createApp } from '../../apps/maritime/src/create-app';
import { migrations } from '../../apps/maritime/src/migrations';
import { seedMaritimeDatabase } from '../../apps/maritime/src/pipeline/seed/seed-database';
import { ApiKeysService } from '../../apps/maritime/src/platform/api-keys/api-keys.service';

const BODY_LINES = 20_000;
const BODIES = 8;
const SHIFT_MS = 7 * 60_000;

function ingestLines(asOf: string): string[] {
  const world = generateWorld({ profile: 'small', seed: 42, asOf });
  const lines: string[] = [];
  const columns = world.tables.vessels as readonly string[];
  const vessels = [...world.rows('vessels')];
  for (const vessel of vessels) {
    const v = Object.fromEntries(columns.map((c, i) => [c, vessel[i]])) as Record<string, unknown>;
    const fixes = [...world.vesselPositions(String(v['imo']))].map((row) => ({
      timestamp: new Date(Date.parse(String(row[2])) + SHIFT_MS),
      lat: Number(row[3]),
      lon: Number(row[4]),
      sogKn: row[6] === null ? null : Number(row[6]),
      cogDeg: row[7] === null ? null : Number(row[7]),
      heading: row[8] === null ? null : Number(row[8]),
      navStatus: row[9] === null ? null : Number(row[9]),
      source: String(row[11]) as 'terrestrial' | 'satellite',
    }));
    lines.push(
      ...exportTrackAsNmea(
        { mmsi: String(v['mmsi']), imo: String(v['imo']), name: String(v['name']) },
        fixes,
        {},
      ),
    );
    if (lines.length >= BODY_LINES * BODIES) break;
  }
  return lines.slice(0, BODY_LINES * BODIES);
}

function decoderAlone(lines: readonly string[]): number {
  const sentences = lines.map((line) => parseTagBlock(line).sentence);
  const started = performance.now();
  let decoded = 0;
  for (let i = 0; i < sentences.length; i += BODY_LINES) {
    const decoder = new AisDecoder({ silent: true });
    decoder.on('data', () => (decoded += 1));
    for (const sentence of sentences.slice(i, i + BODY_LINES)) decoder.write(sentence);
    decoder.end();
  }
  const seconds = (performance.now() - started) / 1000;
  if (decoded === 0) throw new Error('the decoder decoded nothing');
  return sentences.length / seconds;
}

async function main(): Promise<void> {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_ais_ingest_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(server, name);
  const asOf = new Date().toISOString().slice(0, 10);
  try {
    await runMigrations({ url, migrations, applicationName: 'bench-ais-ingest' });
    await seedMaritimeDatabase(url, {
      profile: 'small',
      seed: 42,
      asOf,
      reset: false,
      progress: 'silent',
    });
    const lines = ingestLines(asOf);
    const app = await createApp(
      loadConfig(MaritimeConfig, {
        DATABASE_URL: url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `bench:ais:${process.pid}:`,
        QUEUE_WORKERS: 'false',
        LOG_LEVEL: 'warn',
      }),
    );
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    const key = (await app.get(ApiKeysService).create({ ownerId: 'bench', plan: 'admin' })).key;
    const post = async (
      body: string,
    ): Promise<{ decoded: number; rejected: number; positions_inserted: number }> => {
      const response = await fetch(`${base.replace('[::1]', '127.0.0.1')}/api/v1/ais/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-api-key': key },
        body,
      });
      if (response.status !== 200)
        throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as {
        decoded: number;
        rejected: number;
        positions_inserted: number;
      };
    };
    await post(lines.slice(0, 2000).join('\n')); // warm-up: connections, JIT
    const started = performance.now();
    let inserted = 0;
    let rejected = 0;
    for (let i = 2000; i < lines.length; i += BODY_LINES) {
      const answer = await post(lines.slice(i, i + BODY_LINES).join('\n'));
      inserted += answer.positions_inserted;
      rejected += answer.rejected;
    }
    const ingestRate = (lines.length - 2000) / ((performance.now() - started) / 1000);
    await app.close();
    const decoderRate = decoderAlone(lines);
    console.log(
      `ais-ingest: ${lines.length - 2000} lines in ${BODY_LINES}-line bodies, ${inserted} positions inserted, ${rejected} rejected`,
    );
    console.log(`  through POST /api/v1/ais/ingest: ${Math.round(ingestRate)} lines/s`);
    console.log(`  ais-stream-decoder alone:        ${Math.round(decoderRate)} lines/s`);
    console.log(`ratio: ${(ingestRate / decoderRate).toFixed(3)} of the decoder alone`);
  } finally {
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
