// bench/maritime-routes: requests per second of five maritime analytics routes at 50
// connections on a seeded database, each as a ratio of a bare node:http server answering the
// same bytes in the same run (autocannon, interleaved rounds, medians); and the p50 latency of
// predict-destination with 256 cells, one request at a time (target under 5 ms).
//
//   node bench/maritime-routes/run.mjs [--profile small|default]   (default `default`)
//
// Needs a build (`npm run build`; `npm run bench` does it), PostgreSQL at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres) and Redis. The world is seeded once into
// the scratch database bench_<profile>_maritime (`npm run tools -- maritime seed`, about three
// minutes for `default`) and reused by later runs. The caller is a supply_chain_risk key with a
// rate of 1,000,000 a minute, so the limiter runs on every request without refusing any;
// QUEUE_WORKERS=false keeps background jobs off the two cores.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compare, formatRow, sequentialLatency } from '../lib/measure.mjs';
import { freePort, ROOT, startNode } from '../lib/processes.mjs';
import { databaseUrlOf, ensureDatabase, withClient } from '../lib/scratch-db.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { values } = parseArgs({ options: { profile: { type: 'string' } } });
const profile = values.profile ?? process.env.BENCH_PROFILE ?? 'default';
if (!['small', 'default', 'large'].includes(profile))
  throw new Error('--profile must be small, default or large');

// The name ends in `maritime`, so the seed's --reset accepts it.
const database = `bench_${profile}_maritime`;
const databaseUrl = databaseUrlOf(database);

function tool(args) {
  const result = spawnSync(process.execPath, [join(ROOT, 'tools/cli.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tools ${args.join(' ')} exited with ${result.status}`);
  return result.stdout;
}

/** True when the database holds a finished seed (the forecasts are its last derived step). */
async function seeded() {
  if (!(await ensureDatabase(database))) return false;
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(`SELECT to_regclass('forecasts') IS NOT NULL AS migrated`);
    if (!rows[0].migrated) return false;
    const done = await client.query(
      `SELECT (SELECT count(*) FROM forecasts) > 0
          AND EXISTS (SELECT 1 FROM destination_models WHERE active) AS done`,
    );
    return done.rows[0].done;
  });
}

if (!(await seeded())) {
  console.log(`maritime-routes: seeding profile ${profile} into ${database} (once; reused later)`);
  spawnSync(process.execPath, [join(ROOT, 'dist/apps/maritime/migrate.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  tool(['maritime', 'seed', '--profile', profile, '--seed', '42', '--reset']);
}

/** What the requests ask for, taken from the seeded data. */
const inputs = await withClient(databaseUrl, async (client) => {
  const day = (await client.query(`SELECT max(day)::text AS day FROM density_daily`)).rows[0].day;
  const imo = (
    await client.query(`SELECT imo FROM vessel_risk_scores ORDER BY score DESC, imo LIMIT 1`)
  ).rows[0].imo;
  const voyages = (
    await client.query(
      `SELECT v.h3_sequence, s.mmsi, s.design_draft_m FROM voyages v JOIN vessels s USING (imo)
        WHERE v.status = 'completed' AND cardinality(v.h3_sequence) >= 16
        ORDER BY cardinality(v.h3_sequence) DESC, v.id LIMIT 8`,
    )
  ).rows;
  return { day, imo, voyages };
});
const [longest] = inputs.voyages;
const typical = {
  mmsi: longest.mmsi,
  active_h3_sequence: longest.h3_sequence.slice(0, Math.ceil(longest.h3_sequence.length / 2)),
  draft_current: longest.design_draft_m,
};
const cells256 = inputs.voyages.flatMap((v) => v.h3_sequence).slice(0, 256);
const full = { mmsi: longest.mmsi, active_h3_sequence: cells256, draft_current: 8 };

const key = JSON.parse(
  tool([
    'maritime',
    'keys',
    'create',
    '--owner',
    `bench-${process.pid}`,
    '--plan',
    'supply_chain_risk',
    '--rate-limit',
    '1000000',
    '--name',
    'bench',
  ]),
).key;
const headers = { 'x-api-key': key, 'content-type': 'application/json' };
const ROUTES = [
  { name: 'density', path: `/api/v1/density?type=bulk_carrier&day=${inputs.day}` },
  { name: 'forecasts', path: '/api/v1/forecasts' },
  { name: 'claims-prediction', path: `/api/v1/insurance/claims-prediction?imo=${inputs.imo}` },
  { name: 'trade-flows mirror', path: '/api/v1/trade-flows?view=mirror' },
  {
    name: 'predict-destination',
    path: '/api/v1/predict-destination',
    method: 'POST',
    body: JSON.stringify(typical),
  },
];

const running = [];
try {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  running.push(
    await startNode(
      'dist/apps/maritime/main.js',
      {
        PORT: String(appPort),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
        CHANNEL_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: `mar:bench:${process.pid}:`,
        QUEUE_WORKERS: 'false',
      },
      `${appUrl}/healthz`,
    ),
  );
  const bodies = {};
  for (const route of ROUTES) {
    const response = await fetch(`${appUrl}${route.path}`, {
      method: route.method ?? 'GET',
      headers,
      body: route.body,
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`${route.name} answered ${response.status}: ${text.slice(0, 300)}`);
    bodies[`/${route.name.replace(/\W+/g, '-')}`] = text;
  }
  const bodiesFile = join(tmpdir(), `maritime-routes-${process.pid}.json`);
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  running.push(
    await startNode('bench/maritime-routes/bare-json-server.mjs', {}, `${bareUrl}/`, [
      String(barePort),
      bodiesFile,
    ]),
  );

  const targets = [];
  for (const route of ROUTES) {
    const request = { method: route.method ?? 'GET', headers, body: route.body };
    targets.push({ name: route.name, url: `${appUrl}${route.path}`, request });
    const barePath = `/${route.name.replace(/\W+/g, '-')}`;
    targets.push({ name: `bare ${route.name}`, url: `${bareUrl}${barePath}`, request });
  }
  const rows = await compare(targets, { connections, rounds, secondsPerRound });
  console.log(
    `maritime-routes: profile ${profile}, ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians`,
  );
  for (let i = 0; i < rows.length; i += 2) {
    const [app, bare] = [rows[i], rows[i + 1]];
    console.log(formatRow(bare, bare));
    console.log(formatRow(app, bare));
    console.log(`ratio ${app.name}: ${(app.rps / bare.rps).toPrecision(3)} of the bare server`);
  }

  const send = async () => {
    const response = await fetch(`${appUrl}/api/v1/predict-destination`, {
      method: 'POST',
      headers,
      body: JSON.stringify(full),
    });
    if (response.status !== 200) throw new Error(`predict-destination ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 50; i += 1) await send(); // warm-up
  const latency = await sequentialLatency(send, 1000);
  console.log(
    `predict-destination, 256 cells, one at a time: p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms (target p50 < 5 ms)`,
  );
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
