// bench/geo-routes: requests per second of geo-scoring read routes on a seeded database, each as
// a ratio of the same replica's own /healthz and of the bare node:http server of
// bench/http-overhead, all measured in the same run (autocannon, same concurrency, interleaved
// rounds, medians). The read-cached routes (docs/geo-scoring/read-cache.md) are measured warm:
// the warm-up rounds fill the cache, and nothing invalidates it during the run.
//
//   node bench/geo-routes/run.mjs [--profile tiny|standard]   (default standard; BENCH_PROFILE)
//   BENCH_READ_CACHE=false node bench/geo-routes/run.mjs      (the same routes without the cache)
//
// Needs a build (`npm run build`; `npm run bench` does it), PostgreSQL at
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and Redis. The data set
// is seeded once into the scratch database geo_bench_<profile> (`npm run tools -- geo seed`) and
// reused by later runs; the standard seed takes several minutes. The app runs with
// RATE_LIMITS_ENABLED=false (the public limits would cap it at 60-120 requests a minute) and
// QUEUE_WORKERS=false (no background jobs competing for the 2 cores). A route that answers 404
// `not_found` (not built yet) is reported and skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compare, formatRow, roundSpread } from '../lib/measure.mjs';
import { freePort, ROOT, startNode } from '../lib/processes.mjs';
import { databaseUrlOf, ensureDatabase, withClient } from '../lib/scratch-db.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { values } = parseArgs({ options: { profile: { type: 'string' } } });
const profile = values.profile ?? process.env.BENCH_PROFILE ?? 'standard';
if (!['tiny', 'standard', 'large'].includes(profile)) {
  throw new Error('--profile must be tiny, standard or large');
}

const readCache = process.env.BENCH_READ_CACHE ?? 'true';
/** Targets of the read-cache issue: each cached route warm, against /healthz of the same run. */
const CACHED_MIN_RPS = 2500;
const CACHED_MIN_HEALTHZ_RATIO = 0.8;
/** The floor for /api/nearby (one point asked again and again, warm). */
const NEARBY_MIN_RPS = 1000;

/**
 * autocannon options that ask /api/nearby about a different random point of downtown Boston
 * (within about 4 km) on every request: each one misses the read cache and runs the five record
 * queries, which is what a client asking about new places costs.
 */
function freshNearbyPoints() {
  const point = () =>
    `/api/nearby?lat=${(42.3601 + (Math.random() - 0.5) * 0.07).toFixed(6)}` +
    `&lng=${(-71.0589 + (Math.random() - 0.5) * 0.1).toFixed(6)}`;
  return { requests: [{ setupRequest: (request) => ({ ...request, path: point() }) }] };
}

const ROUTES = [
  { name: 'activity-heatmap', path: '/api/activity-heatmap', cached: true },
  { name: 'heatmap/crime', path: '/api/heatmap/crime', cached: true },
  { name: 'discover', path: '/api/discover', cached: true },
  {
    name: 'discover atx composite>=60',
    path: '/api/discover?metro=atx&compositeMin=60',
    cached: true,
  },
  {
    name: 'metro-tier-distribution atx',
    path: '/api/metro-tier-distribution?metro=atx',
    cached: true,
  },
  // The path of one scored cell is filled in once the database is known (see cellPath()).
  { name: 'cells/{h3Index}', path: null, cached: true },
  // The one route that reads raw records: one point (cached per point) and a new point each time.
  {
    name: 'nearby bos downtown',
    path: '/api/nearby?lat=42.3601&lng=-71.0589',
    minRps: NEARBY_MIN_RPS,
  },
  {
    name: 'nearby bos, new points',
    path: '/api/nearby?lat=42.3601&lng=-71.0589',
    request: freshNearbyPoints(),
  },
];

const APP = 'dist/apps/geo-scoring/main.js';
if (!existsSync(join(ROOT, APP))) throw new Error(`${APP} missing: run npm run build`);

const database = `geo_bench_${profile}`;
const databaseUrl = databaseUrlOf(database);

/** True when the database exists and a seed ran to its end (scores written). */
async function seeded() {
  if (!(await ensureDatabase(database))) return false;
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(`SELECT to_regclass('score_runs') IS NOT NULL AS migrated`);
    if (!rows[0].migrated) return false;
    const done = await client.query(
      `SELECT (SELECT count(*) FROM cell_scores) > 0
         AND (SELECT count(*) FROM spatial_diagnostics_runs) > 0 AS done`,
    );
    return done.rows[0].done;
  });
}

if (!(await seeded())) {
  console.log(`geo-routes: seeding profile ${profile} into ${database} (once; reused later)`);
  // --reset: a previous seed may have stopped half-way.
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'tools/cli.mjs'), 'geo', 'seed', '--profile', profile, '--reset'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  if (result.status !== 0) throw new Error(`geo seed exited with ${result.status}`);
}

/** The first scored atx cell (index order), so every run asks for the same one. */
async function cellPath() {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT h3_index FROM cell_scores WHERE metro_slug = 'atx' AND composite IS NOT NULL
       ORDER BY h3_index LIMIT 1`,
    );
    return `/api/cells/${rows[0].h3_index}`;
  });
}

const running = [];
try {
  const cell = ROUTES.find((route) => route.path === null);
  cell.path = await cellPath();
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  running.push(
    await startNode('bench/http-overhead/bare-server.mjs', {}, bareUrl, [String(barePort)]),
  );
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  running.push(
    await startNode(
      APP,
      {
        PORT: String(appPort),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
        // Required in production since webhook secrets are sealed at rest.
        SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: `geo:bench:${process.pid}:`,
        QUEUE_WORKERS: 'false',
        RATE_LIMITS_ENABLED: 'false',
        READ_CACHE_ENABLED: readCache,
      },
      `${appUrl}/healthz`,
    ),
  );

  const targets = [
    { name: 'bare node:http', url: bareUrl },
    { name: 'geo /healthz', url: `${appUrl}/healthz` },
  ];
  const skipped = [];
  for (const route of ROUTES) {
    const response = await fetch(`${appUrl}${route.path}`);
    await response.arrayBuffer();
    if (response.status === 200) {
      targets.push({ ...route, url: `${appUrl}${route.path}` });
    } else skipped.push(`${route.name} (answered ${response.status})`);
  }

  const rows = await compare(targets, { connections, rounds, secondsPerRound });
  const [bare, healthz] = rows;
  console.log(
    `geo-routes: profile ${profile}, READ_CACHE_ENABLED=${readCache}, ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians`,
  );
  for (const row of rows) console.log(formatRow(row, bare));
  for (const [i, row] of rows.entries()) {
    if (i === 0) continue;
    const ofHealthz = row.rps / healthz.rps;
    const target = targets[i];
    let verdict = '';
    if (target.cached && readCache !== 'false') {
      verdict =
        row.rps >= CACHED_MIN_RPS && ofHealthz >= CACHED_MIN_HEALTHZ_RATIO
          ? '  (meets >= 2500 req/s and >= 0.8 of /healthz)'
          : '  (BELOW the >= 2500 req/s, >= 0.8 of /healthz target)';
    } else if (target.minRps !== undefined && readCache !== 'false') {
      verdict =
        row.rps >= target.minRps
          ? `  (meets >= ${target.minRps} req/s)`
          : `  (BELOW the >= ${target.minRps} req/s target)`;
    }
    console.log(
      `ratio ${row.name}: ${ofHealthz.toPrecision(3)} of /healthz (${roundSpread(row, healthz)}), ${(row.rps / bare.rps).toPrecision(3)} of the bare server${verdict}`,
    );
  }
  for (const s of skipped) console.log(`skipped: ${s}`);
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
