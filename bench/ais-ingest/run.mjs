// bench/ais-ingest: NMEA lines per second through POST /api/v1/ais/ingest (20,000-line bodies,
// one maritime process on the small seed) vs decoding the same lines with ais-stream-decoder
// alone in this process, measured in the same run. Prints the ratio.
// Needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL; local defaults).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', join(ROOT, 'bench/ais-ingest/measure.ts'), ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
