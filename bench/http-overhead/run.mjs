// bench/http-overhead: what the platform stack (request ids, the access log, metrics, body
// parsing, NUL checks, error filter) costs per request, for each of the three services. Every
// service runs as in production, at LOG_LEVEL=info (each non-probe request writes its access
// line), and is measured against a one-controller Nest 11 app on Express 5 in the same run:
//   - GET /healthz of each service against the Nest app's /healthz;
//   - one representative JSON route of each service against the Nest app answering the very
//     bytes that route gave (so only the stack and the route's own work differ).
// A bare node:http server and plain Express 5 are measured too, to show where the cost comes
// from. autocannon at the same concurrency, interleaved rounds of one run, medians.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, formatRow, roundSpread } from '../lib/measure.mjs';
import { freePort, ROOT, runNode, startNode } from '../lib/processes.mjs';
import { databaseUrlOf, ensureDatabase } from '../lib/scratch-db.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** The target: every measured route at this share of the one-controller Nest app, or more. */
const TARGET = 0.8;

const ADMIN_SECRET = 'bench-admin-secret-0123456789';
const COMMON_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
  QUEUE_WORKERS: 'false',
};

/** Each service with its scratch database and one representative JSON route. */
const SERVICES = [
  {
    name: 'proxy-admin',
    database: 'bench_http_proxy_admin',
    env: { ADMIN_SECRET },
    route: {
      label: 'GET /admin/model-aliases',
      path: '/admin/model-aliases',
      headers: { authorization: `Bearer ${ADMIN_SECRET}` },
    },
  },
  {
    name: 'geo-scoring',
    database: 'bench_http_geo_scoring',
    // The public limits (60-120 a minute) would refuse the load itself.
    env: {
      SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      RATE_LIMITS_ENABLED: 'false',
    },
    route: { label: 'GET /api/heatmap/crime (read cache)', path: '/api/heatmap/crime' },
  },
  {
    name: 'maritime',
    database: 'bench_http_maritime',
    env: { CHANNEL_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') },
    // The key and its headers are filled in once the database is migrated.
    route: { label: 'GET /api/v1/plans (API key, limiter)', path: '/api/v1/plans' },
  },
];

function maritimeKey(databaseUrl) {
  const args = ['maritime', 'keys', 'create', '--owner', `bench-${process.pid}`];
  args.push('--plan', 'supply_chain_risk', '--rate-limit', '1000000', '--name', 'http-overhead');
  const result = spawnSync(process.execPath, [join(ROOT, 'tools/cli.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`maritime keys create exited with ${result.status}`);
  return JSON.parse(result.stdout).key;
}

const running = [];
try {
  const apps = [];
  for (const service of SERVICES) {
    await ensureDatabase(service.database);
    const databaseUrl = databaseUrlOf(service.database);
    await runNode(`dist/apps/${service.name}/migrate.js`, { DATABASE_URL: databaseUrl });
    if (service.name === 'maritime')
      service.route.headers = { 'x-api-key': maritimeKey(databaseUrl) };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...COMMON_ENV,
      ...service.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `http-bench:${service.name}:${process.pid}:`,
    };
    running.push(await startNode(`dist/apps/${service.name}/main.js`, env, `${url}/healthz`));
    apps.push({ service, url });
  }

  // What each representative route answers, for the Nest app to answer byte for byte.
  const bodies = {};
  for (const { service, url } of apps) {
    const response = await fetch(`${url}${service.route.path}`, { headers: service.route.headers });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`${service.route.label} answered ${response.status}: ${text.slice(0, 300)}`);
    bodies[service.name] = JSON.parse(text);
  }
  const bodiesFile = join(tmpdir(), `http-overhead-${process.pid}.json`);
  writeFileSync(bodiesFile, JSON.stringify(bodies));

  const references = [
    { name: 'bare node:http', file: 'bench/http-overhead/bare-server.mjs', args: [], path: '/' },
    { name: 'express 5, one route', args: ['express'], path: '/healthz' },
    { name: 'nest 11, one controller', args: ['nest'], path: '/healthz' },
  ];
  const measuredReferences = [];
  let nestUrl;
  for (const ref of references) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const file = ref.file ?? 'bench/http-overhead/framework-servers.cjs';
    const args = ref.file ? [String(port)] : [...ref.args, String(port), bodiesFile];
    running.push(await startNode(file, {}, `${url}${ref.path}`, args));
    measuredReferences.push({ name: ref.name, url: `${url}${ref.path}` });
    if (ref.args[0] === 'nest') nestUrl = url;
  }
  const nestHealthz = measuredReferences.at(-1);

  // Two phases: the probes, then the routes. The routes' database and Redis work would otherwise
  // spill into the probe rounds that follow them. Within a phase, each of ours runs right after
  // its Nest reference, so whatever the machine does at that moment weighs on both sides alike.
  const probes = [...measuredReferences];
  const routes = [];
  const pairs = [];
  for (const { service, url } of apps) {
    const nest = { ...nestHealthz, name: `${nestHealthz.name} (before ${service.name})` };
    const healthz = { name: `${service.name} /healthz`, url: `${url}/healthz` };
    const floor = { name: `nest, ${service.name}'s bytes`, url: `${nestUrl}/same/${service.name}` };
    const route = {
      name: `${service.name} route`,
      url: `${url}${service.route.path}`,
      request: { headers: service.route.headers },
    };
    probes.push(nest, healthz);
    routes.push(floor, route);
    pairs.push({ label: `${service.name} GET /healthz`, ours: healthz.name, nest: nest.name });
    pairs.push({
      label: `${service.name} ${service.route.label}`,
      ours: route.name,
      nest: floor.name,
    });
  }

  const options = { connections, rounds, secondsPerRound, settleMs: 1000 };
  const rows = [...(await compare(probes, options)), ...(await compare(routes, options))];
  const byName = new Map(rows.map((r) => [r.name, r]));
  const [bare] = rows;
  console.log(
    `http-overhead: ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians, services at LOG_LEVEL=info`,
  );
  for (const row of rows) console.log(formatRow(row, bare));
  console.log(`\nagainst the one-controller Nest app (target ${TARGET} or more):`);
  for (const pair of pairs) {
    const ours = byName.get(pair.ours);
    const nest = byName.get(pair.nest);
    const ratio = ours.rps / nest.rps;
    console.log(
      `ratio ${pair.label}: ${ratio.toFixed(3)} (${ours.rps.toFixed(0)} vs ${nest.rps.toFixed(0)} req/s; ${roundSpread(ours, nest)}) ${ratio >= TARGET ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
