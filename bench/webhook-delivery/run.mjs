// bench/webhook-delivery: webhook deliveries per second end to end (outbox rows committed →
// enqueued → signed HTTPS POST → receiver's 2xx → attempt recorded) vs a bare loop of signed
// undici POSTs to the same receiver in the same run (also run at the worker's concurrency). Prints
// the ratio and the CPU each process spent per delivery.
//
//   node bench/webhook-delivery/run.mjs [--deliveries 5000] [--rounds 3]
//
// Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
// Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379). geo-scoring runs in process (compiled
// by swc) on a scratch database; the receiver is a separate process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  [
    '-r',
    '@swc-node/register',
    join(ROOT, 'bench/webhook-delivery/measure.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), TZ: 'UTC' },
  },
);
process.exit(result.status ?? 1);
