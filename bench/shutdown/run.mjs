// bench/shutdown: a rolling restart of two proxy replicas behind a round-robin balancer that
// follows /readyz (as a Kubernetes Service does), under a steady 200 requests per second to an
// upstream that takes UPSTREAM_DELAY_MS, so requests are always in flight at SIGTERM.
// Measured twice in one run: with the drain delay (readiness turns 503, the listener stays open
// until the balancer has stopped sending) and, as the baseline, with SHUTDOWN_DRAIN_DELAY_MS=0
// (the listener closes at SIGTERM). Reports requests lost, usage rows missing, SIGTERM-to-exit.
import pg from 'pg';
import { request } from 'undici';
import { freePort, runNode, startNode } from '../lib/processes.mjs';
import { startBalancer } from './balancer.mjs';

const RATE = Number(process.env.BENCH_RPS ?? 200);
const UPSTREAM_DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 150);
const DRAIN_DELAY_MS = Number(process.env.BENCH_DRAIN_DELAY_MS ?? 1000);
const SETTLE_MS = 1500;
const ADMIN_SECRET = 'bench-admin-secret-0123456789';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/proxy_admin';

/** BENCH_DEBUG=1 prints every lost request and each restart step with its time. */
const debug = process.env.BENCH_DEBUG
  ? (...what) => console.error((performance.now() / 1000).toFixed(2), ...what)
  : () => {};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startReplica(upstreamUrl, drainDelayMs) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replica = await startNode(
    'dist/apps/proxy-admin/main.js',
    {
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL,
      ADMIN_SECRET,
      CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
      REDIS_PREFIX: `pa:bench-shutdown:${process.pid}:`,
      SHUTDOWN_DRAIN_DELAY_MS: String(drainDelayMs),
      UPSTREAMS: JSON.stringify([
        { name: 'bench', base_url: upstreamUrl, api_key: 'sk-upstream', models: ['bench-model'] },
      ]),
      PRICING: JSON.stringify({
        'bench-model': { input_usd_per_mtok: 0.15, output_usd_per_mtok: 0.6 },
      }),
    },
    `${url}/healthz`,
  );
  return { url, ...replica };
}

/** SIGTERM, then the time until the process has exited. */
async function terminate(replica) {
  const start = performance.now();
  await replica.stop();
  return performance.now() - start;
}

/** Fires RATE requests per second (open loop: no waiting for answers) until stop() is called. */
function startLoad(url, key) {
  const body = JSON.stringify({
    model: 'bench-model',
    messages: [{ role: 'user', content: 'Say hello' }],
    max_tokens: 16,
  });
  const tally = { sent: 0, ok: 0, lost: 0, byStatus: {} };
  const pending = new Set();
  const fire = () => {
    tally.sent += 1;
    const done = request(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
    })
      .then(async (answer) => {
        const text = await answer.body.text();
        if (answer.statusCode === 200) tally.ok += 1;
        else {
          debug(answer.statusCode, text.slice(0, 60));
          tally.lost += 1;
          tally.byStatus[answer.statusCode] = (tally.byStatus[answer.statusCode] ?? 0) + 1;
        }
      })
      .catch((error) => {
        debug(error.message);
        tally.lost += 1;
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  // Ticks of 10 ms, each firing what the schedule owes, so the rate holds under timer jitter.
  const started = performance.now();
  const timer = setInterval(() => {
    const owed = Math.floor(((performance.now() - started) / 1000) * RATE) - tally.sent;
    for (let i = 0; i < owed; i += 1) fire();
  }, 10);
  return {
    tally,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return tally;
    },
  };
}

async function rollingRestart(upstreamUrl, drainDelayMs) {
  const balancer = await startBalancer(await freePort());
  let replicas = [
    await startReplica(upstreamUrl, drainDelayMs),
    await startReplica(upstreamUrl, drainDelayMs),
  ];
  const stopTimes = [];
  try {
    for (const r of replicas) balancer.add(r.url);
    while (balancer.readyCount() < 2) await sleep(20);
    const minted = await request(`${replicas[0].url}/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alias: `bench-shutdown-${drainDelayMs}` }),
    });
    const { id, key } = await minted.body.json();

    const load = startLoad(balancer.url, key);
    await sleep(SETTLE_MS);
    // maxSurge 1, maxUnavailable 0: start the new replica, wait until it takes traffic,
    // then SIGTERM the old one, as a Deployment's rolling update does.
    for (const old of [...replicas]) {
      debug('starting');
      const fresh = await startReplica(upstreamUrl, drainDelayMs);
      debug('started');
      balancer.add(fresh.url);
      while (balancer.readyCount() < 3) await sleep(20);
      debug('SIGTERM');
      stopTimes.push(await terminate(old));
      debug('exited');
      balancer.remove(old.url);
      replicas = replicas.filter((r) => r !== old).concat(fresh);
      await sleep(SETTLE_MS);
    }
    const tally = await load.stop();

    // Usage rows are flushed on shutdown; the survivors' buffers are flushed by stopping them.
    for (const r of replicas) await terminate(r);
    replicas = [];
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM proxy_requests WHERE key_id = $1 AND status = 200',
      [id],
    );
    await db.end();
    return { ...tally, usageRows: rows[0].n, stopTimes };
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await balancer.close();
  }
}

const upstreamPort = await freePort();
await runNode('dist/apps/proxy-admin/migrate.js', { DATABASE_URL });
const upstream = await startNode(
  'bench/proxy-overhead/fake-upstream.mjs',
  {},
  `http://127.0.0.1:${upstreamPort}/`,
  [String(upstreamPort), String(UPSTREAM_DELAY_MS)],
);
try {
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}/v1`;
  const baseline = await rollingRestart(upstreamUrl, 0);
  const drained = await rollingRestart(upstreamUrl, DRAIN_DELAY_MS);
  const line = (name, r) =>
    `${name.padEnd(34)} sent ${String(r.sent).padStart(5)}  ok ${String(r.ok).padStart(5)}  ` +
    `lost ${String(r.lost).padStart(4)} ${JSON.stringify(r.byStatus)}  usage rows ${r.usageRows}  ` +
    `SIGTERM->exit ${r.stopTimes.map((t) => `${t.toFixed(0)} ms`).join(', ')}`;
  console.log(
    `shutdown: rolling restart of 2 proxy replicas, ${RATE} req/s, upstream ${UPSTREAM_DELAY_MS} ms`,
  );
  console.log(line('baseline: listener closes at once', baseline));
  console.log(line(`drain delay ${DRAIN_DELAY_MS} ms`, drained));
  const lostRatio = baseline.lost === 0 ? 'n/a' : (drained.lost / baseline.lost).toFixed(3);
  console.log(
    `ratio: ${lostRatio} of the baseline's lost requests; ${drained.lost} lost, ` +
      `${drained.ok - drained.usageRows} usage rows missing (targets: 0 lost, 0 missing)`,
  );
} finally {
  await upstream.stop();
}
