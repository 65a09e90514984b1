// bench/proxy-overhead: our proxy (real key, rpm + tpm + budget on, usage recorded) against a
// bare undici forwarder, both in front of the same fake upstream on loopback, in one run, with a
// third path between them: the contract floor (contract-floor.mjs), the forwarder plus only the
// Redis and PostgreSQL work every request owes.
// Non-streaming and streaming (SSE, 20 chunks) POST /v1/chat/completions:
// - throughput at each concurrency (BENCH_CONNECTIONS, default 16 and 50): autocannon,
//   interleaved rounds, medians, as a ratio to the bare forwarder;
// - one request at a time (no queueing): added latency p50/p99 (non-streaming) and added time
//   to the first streamed byte p50, interleaved rounds, samples pooled.
import { request } from 'undici';
import { compare, roundSpread } from '../lib/measure.mjs';
import { freePort, runNode, startNode } from '../lib/processes.mjs';
import { databaseUrlOf, freshDatabase } from '../lib/scratch-db.mjs';
import { sequentialRounds } from './sequential.mjs';

const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '16,50').split(',').map(Number);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const sequential = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
// BENCH_PHASES=sequential (or throughput) runs one half only, e.g. to profile it alone.
const phases = (process.env.BENCH_PHASES ?? 'throughput,sequential').split(',');
// BENCH_KINDS=json (or sse) measures throughput of one kind of answer only.
const kinds = (process.env.BENCH_KINDS ?? 'json,sse').split(',');
const ADMIN_SECRET = 'bench-admin-secret-0123456789';
/** The targets of issue 17. */
const TARGET = { ratio: 0.6, addedP50: 0.3, addedP99: 1, addedFirstByteP50: 0.5 };
const BENCH_DATABASE = 'bench_proxy_overhead';

const [upstreamPort, forwarderPort, proxyPort, floorPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
// Every run starts from an empty, freshly migrated database: usage rows piling up across runs
// in a shared database change the plans (and the costs) of the usage batch from run to run.
await freshDatabase(BENCH_DATABASE);
const databaseUrl = databaseUrlOf(BENCH_DATABASE);
const upstreamUrl = `http://127.0.0.1:${upstreamPort}/v1`;
await runNode('dist/apps/proxy-admin/migrate.js', { DATABASE_URL: databaseUrl });
const running = [];
try {
  running.push(
    await startNode(
      'bench/proxy-overhead/fake-upstream.mjs',
      {},
      `http://127.0.0.1:${upstreamPort}/`,
      [String(upstreamPort)],
    ),
  );
  running.push(
    await startNode(
      'bench/proxy-overhead/bare-forwarder.mjs',
      {},
      `http://127.0.0.1:${forwarderPort}/`,
      [String(forwarderPort), upstreamUrl],
    ),
  );
  running.push(
    await startNode(
      // BENCH_PROFILE_DIR: the proxy runs under the CPU profiler (see profiled-main.mjs).
      process.env.BENCH_PROFILE_DIR
        ? 'bench/proxy-overhead/profiled-main.mjs'
        : 'dist/apps/proxy-admin/main.js',
      {
        PORT: String(proxyPort),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ADMIN_SECRET,
        CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: `pa:bench:${process.pid}:`,
        UPSTREAMS: JSON.stringify([
          { name: 'bench', base_url: upstreamUrl, api_key: 'sk-upstream', models: ['bench-model'] },
        ]),
        PRICING: JSON.stringify({
          'bench-model': { input_usd_per_mtok: 0.15, output_usd_per_mtok: 0.6 },
        }),
      },
      `http://127.0.0.1:${proxyPort}/healthz`,
    ),
  );
  const minted = await request(`http://127.0.0.1:${proxyPort}/admin/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      alias: 'bench',
      rpm: 1_000_000,
      tpm: 1_000_000_000,
      monthly_budget_usd: 1_000_000,
    }),
  });
  const { key, id: keyId } = await minted.body.json();
  running.push(
    await startNode(
      'bench/proxy-overhead/contract-floor.mjs',
      {},
      `http://127.0.0.1:${floorPort}/`,
      [String(floorPort), upstreamUrl, `pa:bench:${process.pid}:floor:`, databaseUrl, keyId],
    ),
  );

  const message = { model: 'bench-model', messages: [{ role: 'user', content: 'Say hello' }] };
  const bodies = {
    json: JSON.stringify({ ...message, max_tokens: 16 }),
    // What OpenAI's SDKs send to learn a stream's usage; both paths forward the same request.
    sse: JSON.stringify({
      ...message,
      max_tokens: 16,
      stream: true,
      stream_options: { include_usage: true },
    }),
  };
  const headers = { 'content-type': 'application/json' };
  const targetsFor = (kind) => {
    const body = bodies[kind];
    return [
      {
        name: `bare undici forwarder (${kind})`,
        url: `http://127.0.0.1:${forwarderPort}/v1/chat/completions`,
        request: { method: 'POST', headers, body },
      },
      {
        name: `contract floor (${kind})`,
        url: `http://127.0.0.1:${floorPort}/v1/chat/completions`,
        request: { method: 'POST', headers, body },
      },
      {
        name: `proxy-admin, all limits (${kind})`,
        url: `http://127.0.0.1:${proxyPort}/v1/chat/completions`,
        request: { method: 'POST', headers: { ...headers, authorization: `Bearer ${key}` }, body },
      },
    ];
  };
  for (const kind of ['json', 'sse']) {
    for (const target of targetsFor(kind)) {
      const probe = await request(target.url, target.request);
      const text = await probe.body.text();
      if (probe.statusCode !== 200)
        throw new Error(`${target.name} answered ${probe.statusCode}: ${text}`);
      if (kind === 'sse' && !text.includes('[DONE]'))
        throw new Error(`${target.name} did not stream: ${text.slice(0, 200)}`);
    }
  }

  const throughput = [];
  for (const connections of phases.includes('throughput') ? connectionCounts : []) {
    for (const kind of kinds) {
      const [bare, floor, ours] = await compare(targetsFor(kind), {
        connections,
        rounds,
        secondsPerRound,
      });
      throughput.push({ connections, kind, bare, floor, ours, ratio: ours.rps / bare.rps });
    }
  }
  const count = phases.includes('sequential') ? sequential : 1;
  const [bareJson, floorJson, ourJson] = await sequentialRounds(targetsFor('json'), {
    count,
    rounds,
  });
  const [bareSse, floorSse, ourSse] = await sequentialRounds(targetsFor('sse'), { count, rounds });

  const ms = (v) => `${v.toFixed(3)} ms`;
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(
    `proxy-overhead: ${rounds} interleaved rounds of ${secondsPerRound} s per setting, medians; ` +
      `${sequential} sequential requests per path in ${rounds} interleaved rounds`,
  );
  console.log(
    'throughput (req/s)      bare     floor      ours   ratio (target >= 0.6)   floor/bare   ours/floor   ratio by round',
  );
  for (const t of throughput) {
    console.log(
      `${`${t.kind} x ${t.connections}`.padEnd(18)} ${t.bare.rps.toFixed(0).padStart(9)} ` +
        `${t.floor.rps.toFixed(0).padStart(9)} ${t.ours.rps.toFixed(0).padStart(9)}   ` +
        `${t.ratio.toFixed(3)} ${verdict(t.ratio >= TARGET.ratio).padEnd(15)} ` +
        `${(t.floor.rps / t.bare.rps).toFixed(3).padStart(10)} ${(t.ours.rps / t.floor.rps).toFixed(3).padStart(12)}   ` +
        roundSpread(t.ours, t.bare),
    );
  }
  const addedP50 = ourJson.total.p50 - bareJson.total.p50;
  const addedP99 = ourJson.total.p99 - bareJson.total.p99;
  const addedFirstByte = ourSse.firstByte.p50 - bareSse.firstByte.p50;
  const floorP50 = floorJson.total.p50 - bareJson.total.p50;
  const floorFirstByte = floorSse.firstByte.p50 - bareSse.firstByte.p50;
  const line = (name, json, sse) =>
    `${name.padEnd(6)} json p50 ${ms(json.total.p50)} p99 ${ms(json.total.p99)}; ` +
    `sse first byte p50 ${ms(sse.firstByte.p50)}, whole stream p50 ${ms(sse.total.p50)}`;
  console.log('one at a time:');
  console.log(line('bare', bareJson, bareSse));
  console.log(line('floor', floorJson, floorSse));
  console.log(line('ours', ourJson, ourSse));
  console.log(
    `added latency p50 ${ms(addedP50)} (${verdict(addedP50 <= TARGET.addedP50)}), ` +
      `p99 ${ms(addedP99)} (${verdict(addedP99 <= TARGET.addedP99)}); ` +
      `added first streamed byte p50 ${ms(addedFirstByte)} (${verdict(addedFirstByte <= TARGET.addedFirstByteP50)})`,
  );
  console.log(
    `the floor adds p50 ${ms(floorP50)} to a JSON answer and ${ms(floorFirstByte)} to the first streamed byte`,
  );
  console.log(
    `SUMMARY ${throughput.map((t) => `${t.kind}x${t.connections}=${t.ratio.toFixed(3)}`).join(' ')} ` +
      `addedP50=${addedP50.toFixed(3)} addedP99=${addedP99.toFixed(3)} addedTTFB=${addedFirstByte.toFixed(3)} ` +
      `floor ${throughput.map((t) => `${t.kind}x${t.connections}=${(t.floor.rps / t.bare.rps).toFixed(3)}`).join(' ')} ` +
      `floorP50=${floorP50.toFixed(3)} floorTTFB=${floorFirstByte.toFixed(3)}`,
  );
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
