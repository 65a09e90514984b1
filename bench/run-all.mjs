// npm run bench: builds once, then runs every benchmark in turn. Never part of npm test.
import { execFileSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../tools/dev/run.mjs';
import { ROOT } from './lib/processes.mjs';

build();
const only = process.argv.slice(2);
const benches = readdirSync(join(ROOT, 'bench')).filter(
  (name) =>
    existsSync(join(ROOT, 'bench', name, 'run.mjs')) && (only.length === 0 || only.includes(name)),
);
for (const name of benches) {
  console.log(`\n== ${name}`);
  execFileSync(process.execPath, [join(ROOT, 'bench', name, 'run.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
