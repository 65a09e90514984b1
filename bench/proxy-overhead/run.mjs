// bench/proxy-overhead: our proxy (real key, rpm + tpm + budget on, usage recorded) against a
// bare undici forwarder, both in front of the same fake upstream on loopback, in one run.
// Throughput: autocannon at the same concurrency, interleaved rounds, medians.
// Added latency: one request at a time (no queueing), p50/p99 of each path, difference.
import { request } from 'undici';
import { compare, formatRow, sequentialLatency } from '../lib/measure.mjs';
import { freePort, runNode, startNode } from '../lib/processes.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const sequential = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
const ADMIN_SECRET = 'bench-admin-secret-0123456789';

const [upstreamPort, forwarderPort, proxyPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
];
const upstreamUrl = `http://127.0.0.1:${upstreamPort}/v1`;
await runNode('dist/apps/proxy-admin/migrate.js', {});
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
  const { key } = await minted.body.json();

  const body = JSON.stringify({
    model: 'bench-model',
    messages: [{ role: 'user', content: 'Say hello' }],
    max_tokens: 16,
  });
  const headers = { 'content-type': 'application/json' };
  const bare = {
    name: 'bare undici forwarder',
    url: `http://127.0.0.1:${forwarderPort}/v1/chat/completions`,
    request: { method: 'POST', headers, body },
  };
  const ours = {
    name: 'proxy-admin, all limits on',
    url: `http://127.0.0.1:${proxyPort}/v1/chat/completions`,
    request: { method: 'POST', headers: { ...headers, authorization: `Bearer ${key}` }, body },
  };
  for (const target of [bare, ours]) {
    const probe = await request(target.url, {
      method: 'POST',
      headers: target.request.headers,
      body,
    });
    const text = await probe.body.text();
    if (probe.statusCode !== 200)
      throw new Error(`${target.name} answered ${probe.statusCode}: ${text}`);
  }
  const [bareRow, ourRow] = await compare([bare, ours], { connections, rounds, secondsPerRound });

  const send = (target) => async () => {
    const r = await request(target.url, { method: 'POST', headers: target.request.headers, body });
    await r.body.arrayBuffer();
    if (r.statusCode !== 200) throw new Error(`${target.name} answered ${r.statusCode}`);
  };
  await sequentialLatency(send(bare), 200);
  await sequentialLatency(send(ours), 200);
  const bareLatency = await sequentialLatency(send(bare), sequential);
  const ourLatency = await sequentialLatency(send(ours), sequential);

  console.log(
    `proxy-overhead: ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians`,
  );
  console.log(formatRow(bareRow, bareRow));
  console.log(formatRow(ourRow, bareRow));
  console.log(
    `one at a time (${sequential} each): bare p50 ${bareLatency.p50.toFixed(3)} ms p99 ${bareLatency.p99.toFixed(3)} ms; ` +
      `ours p50 ${ourLatency.p50.toFixed(3)} ms p99 ${ourLatency.p99.toFixed(3)} ms`,
  );
  console.log(
    `ratio: ${(ourRow.rps / bareRow.rps).toFixed(3)} of the bare forwarder's requests per second; ` +
      `added latency p50 ${(ourLatency.p50 - bareLatency.p50).toFixed(3)} ms, p99 ${(ourLatency.p99 - bareLatency.p99).toFixed(3)} ms ` +
      `(targets: ratio >= 0.5, added p50 <= 1 ms)`,
  );
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
