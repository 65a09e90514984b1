// bench/geo-seed: rows per second of the seed's COPY phase (row generation + COPY through
// pg-copy-streams) vs a plain `COPY ... FROM` of the same rows read from files, in the same run
// and database. Prints the ratio. `node bench/geo-seed/run.mjs --profile tiny` for a quick run;
// the default is the standard profile (~9M rows; several minutes on 2 cores). `--post-load` then
// seeds again in full and times each post-load phase (rollups, population, the score-refresh
// replay, classifier, diagnostics).
// Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', join(ROOT, 'bench/geo-seed/measure.ts'), ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
