// bench/http-overhead: what the platform stack (Nest, request ids, metrics, logging middleware,
// error filter) costs per request. The app and a bare node:http server answer the same small
// JSON; both are driven with autocannon at the same concurrency in this one run. Plain Express
// and a minimal Nest app are measured too, to show where the cost comes from.
import { drive, formatRow } from '../lib/measure.mjs';
import { freePort, runNode, startNode } from '../lib/processes.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(name, file, args, env, path) {
  const port = await freePort();
  const server = await startNode(
    file,
    { PORT: String(port), ...env },
    `http://127.0.0.1:${port}${path}`,
    [...args, String(port)],
  );
  try {
    return {
      name,
      ...(await drive(`http://127.0.0.1:${port}${path}`, { connections, durationSeconds })),
    };
  } finally {
    await server.stop();
  }
}

await runNode('dist/apps/proxy-admin/src/migrate.js', {});
const rows = [
  await measure('bare node:http', 'bench/http-overhead/bare-server.mjs', [], {}, '/'),
  await measure(
    'express 5, one route',
    'bench/http-overhead/framework-servers.cjs',
    ['express'],
    {},
    '/healthz',
  ),
  await measure(
    'nest 11, one controller',
    'bench/http-overhead/framework-servers.cjs',
    ['nest'],
    {},
    '/healthz',
  ),
  await measure(
    'proxy-admin GET /healthz',
    'dist/apps/proxy-admin/src/main.js',
    [],
    {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_SECRET: 'bench-admin-secret-0123456789',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789-0123456789',
    },
    '/healthz',
  ),
];
const [bare] = rows;
console.log(
  `http-overhead (${connections} connections, ${durationSeconds} s each, one after another)`,
);
for (const row of rows)
  console.log(`${formatRow(row.name, row)}   ratio ${(row.rps / bare.rps).toFixed(3)}`);
const ours = rows.at(-1);
console.log(
  `ratio: ${(ours.rps / bare.rps).toFixed(3)} of the bare server's requests per second (p50 ${ours.p50} vs ${bare.p50} ms, p99 ${ours.p99} vs ${bare.p99} ms)`,
);
