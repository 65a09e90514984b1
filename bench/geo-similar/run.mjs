// bench/geo-similar: exact top-12 look-alike search (see docs/geo-scoring/similar-cells.md#search)
// over 1,000,000 synthetic cells, for the 8-d score profile and the 64-d satellite embedding.
// Prints p50/p99 per query and the ratio of one query to one plain sequential pass summing the
// same Float32Array, measured interleaved in the same run.
// `node bench/geo-similar/run.mjs [--cells N] [--queries N]`.
// Goal (this machine): 64-d p50 < 20 ms, ratio < 3.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  [
    // The index holds ~0.6 GB at 1M cells; the default old-space limit is too small for it.
    '--max-old-space-size=4096',
    '-r',
    '@swc-node/register',
    join(ROOT, 'bench/geo-similar/measure.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
