// bench/usage-window: latency of GET /admin/sessions/window on 1,000,000 usage rows in 100,000
// sessions, against the plain indexed SELECT of the same page sent straight through `pg`, both
// at the same concurrency, in interleaved rounds of the same run (medians of the rounds).
//
//   node bench/usage-window/run.mjs
//
// Needs a build (`npx nx build proxy-admin`; `npm run bench` does it), PostgreSQL at
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and Redis. The rows
// are seeded once into the scratch database proxy_admin_bench_usage and reused by later runs:
// proxy_requests is generated in SQL (10 requests per session over 30 days, every fourth one a
// retry of the one before), then session_metrics and session_model_counts are built from it
// with the set-based equivalent of the recorder's upkeep (the migration's backfill).
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, ROOT, runNode, startNode } from '../lib/processes.mjs';
import { databaseUrlOf, ensureDatabase, withClient } from '../lib/scratch-db.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const SESSIONS = 100_000;
const PER_SESSION = 10;
const ADMIN_SECRET = 'bench-admin-secret-0123456789';
// Sessions end between START and START + 30 days; the page read is the newest 24 hours.
const START = '2026-10-01T00:00:00Z';
const TO = '2026-10-31T00:00:00Z';
const FROM = '2026-10-30T00:00:00Z';
const LIMIT = 200;

const APP = 'dist/apps/proxy-admin/main.js';
if (!existsSync(join(ROOT, APP))) throw new Error(`${APP} missing: run npx nx build proxy-admin`);

const database = 'proxy_admin_bench_usage';
const databaseUrl = databaseUrlOf(database);

async function ensureMigrated() {
  await ensureDatabase(database);
  await runNode('dist/apps/proxy-admin/migrate.js', { DATABASE_URL: databaseUrl });
}

async function seeded(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM session_metrics');
  return rows[0].n === SESSIONS;
}

async function seed(client) {
  const step = async (what, sql, params = []) => {
    const started = Date.now();
    await client.query(sql, params);
    console.log(`usage-window: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await client.query('TRUNCATE proxy_requests, session_metrics, session_model_counts');
  // Session s: team s % 50, 10 requests 30 s apart, ending somewhere in the 30 days.
  await step(
    `${SESSIONS * PER_SESSION} usage rows`,
    `INSERT INTO proxy_requests (id, key_id, team_id, session_id, requested_model, resolved_model,
       prompt_tokens, completion_tokens, cost_micro_usd, status, prefix_hash, last_user_hash,
       is_edit_retry, started_at, finished_at)
     SELECT gen_random_uuid(), '00000000-0000-4000-8000-000000000001', 'team-' || (s % 50),
            'bench-' || s, m, m, 800, 200, 150 + (s % 7) * 10, 200,
            encode(sha256(convert_to(s || ':' || (i - (i % 4 = 3)::int), 'UTF8')), 'hex'),
            encode(sha256(convert_to(s || ':' || i || ':u', 'UTF8')), 'hex'),
            i % 4 = 3, t, t
       FROM generate_series(0, $1 - 1) AS s,
            generate_series(0, $2 - 1) AS i,
            LATERAL (SELECT $3::timestamptz + (s * interval '25.92 seconds') + i * interval '30 seconds' AS t,
                            (ARRAY['gpt-4o-mini', 'gpt-4o', 'claude-sonnet'])[1 + (s + i / 7) % 3] AS m) x`,
    [SESSIONS, PER_SESSION, START],
  );
  await step(
    'session_model_counts',
    `INSERT INTO session_model_counts (session_id, team_key, model, requests, last_request_at)
     SELECT session_id, coalesce(team_id, ''), coalesce(resolved_model, requested_model),
            count(*), max(started_at)
       FROM proxy_requests GROUP BY 1, 2, 3`,
  );
  await step(
    'session_metrics',
    `INSERT INTO session_metrics (session_id, team_key, team_id, requests, turns, edit_retry_turns,
            primary_model, total_cost_micro_usd, web_search_calls, first_request_at, last_request_at)
     SELECT p.session_id, coalesce(p.team_id, ''), max(p.team_id), count(*),
            count(*) FILTER (WHERE p.status BETWEEN 200 AND 299),
            count(*) FILTER (WHERE p.is_edit_retry), pm.model,
            sum(p.cost_micro_usd + p.surcharge_micro_usd), sum(p.web_search_calls),
            min(p.started_at), max(p.started_at)
       FROM proxy_requests p
       JOIN (SELECT DISTINCT ON (session_id, team_key) session_id, team_key, model
               FROM session_model_counts
              ORDER BY session_id, team_key, requests DESC, last_request_at DESC, model) pm
         ON pm.session_id = p.session_id AND pm.team_key = coalesce(p.team_id, '')
      GROUP BY p.session_id, coalesce(p.team_id, ''), pm.model`,
  );
  await step('ANALYZE', 'ANALYZE proxy_requests, session_metrics, session_model_counts');
}

// The statement SessionsWindowRepository sends for a first page.
const PAGE_SQL = `SELECT session_id, team_key, team_id, turns, edit_retry_turns, primary_model,
  total_cost_micro_usd::text AS total_cost_micro_usd, first_request_at, last_request_at,
  to_char(last_request_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position
  FROM session_metrics WHERE last_request_at >= $1 AND last_request_at < $2
  ORDER BY last_request_at DESC, session_id DESC, team_key DESC LIMIT $3`;

function percentiles(samples) {
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { count: samples.length, p50: at(0.5), p99: at(0.99) };
}

/** `connections` pooled clients each sending the page query back to back for `seconds`. */
async function pgRound(pool, seconds) {
  const samples = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        const { rows } = await pool.query(PAGE_SQL, [FROM, TO, LIMIT + 1]);
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (rows.length !== LIMIT + 1) throw new Error(`page had ${rows.length} rows`);
      }
    }),
  );
  return percentiles(samples);
}

async function routeRound(url, seconds) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${ADMIN_SECRET}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { count: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await ensureMigrated();
await withClient(databaseUrl, async (client) => {
  if (!(await seeded(client))) {
    console.log(`usage-window: seeding ${database} (once; reused later)`);
    await seed(client);
  }
  const plan = await client.query(`EXPLAIN ${PAGE_SQL}`, [FROM, TO, LIMIT + 1]);
  console.log(`usage-window: plan: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
});

const running = [];
const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  running.push(
    await startNode(
      APP,
      {
        PORT: String(port),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ADMIN_SECRET,
        CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: `pa:bench:${process.pid}:`,
      },
      `${base}/healthz`,
    ),
  );
  const url = `${base}/admin/sessions/window?from=${FROM}&to=${TO}&limit=${LIMIT}`;
  const probe = await fetch(url, { headers: { authorization: `Bearer ${ADMIN_SECRET}` } });
  const body = await probe.json();
  if (probe.status !== 200 || body.sessions.length !== LIMIT || body.next_cursor === null) {
    throw new Error(`window answered ${probe.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  // Warm-up, then interleaved rounds.
  await routeRound(url, 2);
  await pgRound(pool, 2);
  const route = [];
  const plain = [];
  for (let round = 0; round < rounds; round += 1) {
    route.push(await routeRound(url, secondsPerRound));
    plain.push(await pgRound(pool, secondsPerRound));
  }
  // One at a time as well: the cost of one page without queueing.
  const sequential = async (send, count = 500) => {
    const samples = [];
    for (let i = 0; i < count; i += 1) {
      const started = process.hrtime.bigint();
      await send();
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return percentiles(samples);
  };
  const headers = { authorization: `Bearer ${ADMIN_SECRET}` };
  const routeOne = await sequential(async () => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
  });
  const pgOne = await sequential(() => pool.query(PAGE_SQL, [FROM, TO, LIMIT + 1]));
  const summary = (runs) => ({
    count: runs.reduce((sum, r) => sum + r.count, 0),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  });
  const r = summary(route);
  const p = summary(plain);
  console.log(
    `usage-window: ${SESSIONS.toLocaleString('en')} sessions, ${(SESSIONS * PER_SESSION).toLocaleString('en')} usage rows; ` +
      `page of ${LIMIT} in a 24 h window; ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians`,
  );
  console.log(
    `GET /admin/sessions/window   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   (${r.count} requests)`,
  );
  console.log(
    `plain SELECT through pg      p50 ${p.p50.toFixed(2)} ms   p99 ${p.p99.toFixed(2)} ms   (${p.count} queries)`,
  );
  console.log(
    `one at a time (500 each): route p50 ${routeOne.p50.toFixed(2)} ms p99 ${routeOne.p99.toFixed(2)} ms; ` +
      `pg p50 ${pgOne.p50.toFixed(2)} ms p99 ${pgOne.p99.toFixed(2)} ms`,
  );
  console.log(
    `ratio route/pg: p50 ${(r.p50 / p.p50).toFixed(2)}x, p99 ${(r.p99 / p.p99).toFixed(2)}x ` +
      `(targets: p50 < 20 ms and within 2x)`,
  );
} finally {
  await pool.end();
  await Promise.all(running.map((x) => x.stop()));
}
