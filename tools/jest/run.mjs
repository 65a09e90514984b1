// npm run test:jest: every project's Jest through Nx (`nx run-many -t test`, two projects at a
// time), then the plain closing line "N passed, N failed, N skipped" summed over all projects.
// With arguments (`npm run test:jest -- apps/maritime/test/risk.spec.ts`) it runs one Jest over
// the whole workspace with those arguments instead, the quick way to run a few files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const summaryDir = join(root, 'tmp', 'jest-summary');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const reporters = [
  '--reporters=default',
  `--reporters=${join(root, 'tools/jest/summary-reporter.js')}`,
];

rmSync(summaryDir, { recursive: true, force: true });
const run =
  args.length > 0
    ? spawnSync(bin('jest'), ['--ci', '--maxWorkers=2', ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync(
        bin('nx'),
        // Two projects at a time, one Jest worker each: two cores, and most test time is spent
        // waiting on PostgreSQL and Redis.
        [
          'run-many',
          '-t',
          'test',
          '--parallel=2',
          '--outputStyle=stream',
          '--',
          '--ci',
          '--maxWorkers=1',
          ...reporters,
        ],
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
        },
      );

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of existsSync(summaryDir) ? readdirSync(summaryDir) : []) {
  const part = JSON.parse(readFileSync(join(summaryDir, file), 'utf8'));
  for (const key of Object.keys(totals)) totals[key] += part[key];
}
if (run.status !== 0 && totals.failed === 0) totals.failed = 1; // a run that died without results
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(run.status ?? 1);
