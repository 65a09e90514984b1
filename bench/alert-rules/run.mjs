// bench/alert-rules: two parts, in turn.
//
// 1. Rule evaluations per second of a realistic 20-node alert rule over synthetic unified-alert
//    records, for the compiled evaluator (compileRule, the code behind dry-run and alert
//    evaluation) against a hand-written JavaScript function testing the same conditions inline,
//    measured interleaved in the same run (measure.ts).
//    Goal (this machine, one core): >= 200,000 evaluations/s, ratio (compiled / inline) >= 0.25.
// 2. Alert deliveries per second end to end (pending rows → enqueue → signed HTTPS POST to a
//    local receiver → recorded delivered) against a bare loop of signed POSTs to the same
//    receiver in the same run (deliveries.ts). Needs PostgreSQL at TEST_DATABASE_URL and Redis at
//    TEST_REDIS_URL (local defaults).
//    Goal (this machine, 2 cores): >= 1,000 deliveries/s end to end.
//
// `node bench/alert-rules/run.mjs [--records N] [--rounds N] [--deliveries N]`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--deliveries');
const deliveries = at >= 0 ? args[at + 1] : '5000';
const ruleArgs = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
const rounds =
  args.indexOf('--rounds') >= 0 ? ['--rounds', args[args.indexOf('--rounds') + 1]] : [];

function run(file, fileArgs) {
  const result = spawnSync(
    process.execPath,
    ['-r', '@swc-node/register', join(ROOT, 'bench/alert-rules', file), ...fileArgs],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), TZ: 'UTC' },
    },
  );
  return result.status ?? 1;
}

const rules = run('measure.ts', ruleArgs);
if (rules !== 0) process.exit(rules);
process.exit(run('deliveries.ts', ['--count', deliveries, ...rounds]));
