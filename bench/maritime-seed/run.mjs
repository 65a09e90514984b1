// bench/maritime-seed: positions per second of the seed's COPY phase for ais_positions
// (generation + COPY) vs a plain `COPY ... FROM` of the same rows read from a file, in the same
// run and database, and the whole seed's time. `node bench/maritime-seed/run.mjs --profile small`
// for a quick run; the default profile is `default` (2,000 vessels, ~5.8 M positions).
// Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  [
    '-r',
    '@swc-node/register',
    join(ROOT, 'bench/maritime-seed/measure.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
