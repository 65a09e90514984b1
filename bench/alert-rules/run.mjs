// bench/alert-rules: rule evaluations per second of a realistic 20-node alert rule over
// synthetic unified-alert records, for the compiled evaluator (compileRule, the code behind
// dry-run and alert evaluation) against a hand-written JavaScript function testing the same
// conditions inline, measured interleaved in the same run.
// `node bench/alert-rules/run.mjs [--records N] [--rounds N]`.
// Goal (this machine, one core): >= 200,000 evaluations/s, ratio (compiled / inline) >= 0.25.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const result = spawnSync(
  process.execPath,
  [
    '-r',
    '@swc-node/register',
    join(ROOT, 'bench/alert-rules/measure.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
