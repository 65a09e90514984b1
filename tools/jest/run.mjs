// Runs Jest, then prints the plain closing line "N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(root, 'tmp', 'jest-results.json');
mkdirSync(dirname(resultsFile), { recursive: true });

const jest = join(root, 'node_modules', '.bin', 'jest');
const run = spawnSync(
  jest,
  // Two workers on two cores: most test time is spent waiting on PostgreSQL and Redis, so a
  // second worker halves the run (Jest's default is cores - 1 = one worker here).
  ['--ci', '--maxWorkers=2', '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
try {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('\n0 passed, 1 failed (Jest wrote no results)');
}
process.exit(run.status ?? 1);
