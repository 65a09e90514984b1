// bench/http-overhead: what the platform stack (Nest, request ids, metrics, logging middleware,
// error filter) costs per request. The app and a bare node:http server answer the same small
// JSON and are driven with autocannon at the same concurrency, in interleaved rounds of one run.
// Plain Express and a minimal Nest app are measured too, to show where the cost comes from.
import { compare, formatRow } from '../lib/measure.mjs';
import { freePort, runNode, startNode } from '../lib/processes.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const servers = [
  { name: 'bare node:http', file: 'bench/http-overhead/bare-server.mjs', args: [], path: '/' },
  {
    name: 'express 5, one route',
    file: 'bench/http-overhead/framework-servers.cjs',
    args: ['express'],
    path: '/healthz',
  },
  {
    name: 'nest 11, one controller',
    file: 'bench/http-overhead/framework-servers.cjs',
    args: ['nest'],
    path: '/healthz',
  },
  {
    name: 'proxy-admin GET /healthz',
    file: 'dist/apps/proxy-admin/main.js',
    args: [],
    path: '/healthz',
    env: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_SECRET: 'bench-admin-secret-0123456789',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
    },
  },
];

await runNode('dist/apps/proxy-admin/migrate.js', {});
const running = [];
try {
  const targets = [];
  for (const s of servers) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}${s.path}`;
    running.push(
      await startNode(s.file, { PORT: String(port), ...s.env }, url, [...s.args, String(port)]),
    );
    targets.push({ name: s.name, url });
  }
  const rows = await compare(targets, { connections, rounds, secondsPerRound });
  const [bare] = rows;
  const ours = rows.at(-1);
  console.log(
    `http-overhead: ${connections} connections, ${rounds} interleaved rounds of ${secondsPerRound} s, medians`,
  );
  for (const row of rows) console.log(formatRow(row, bare));
  console.log(
    `ratio: ${(ours.rps / bare.rps).toFixed(3)} of the bare server's requests per second (p50 ${ours.p50} vs ${bare.p50} ms, p99 ${ours.p99} vs ${bare.p99} ms)`,
  );
} finally {
  await Promise.all(running.map((r) => r.stop()));
}
