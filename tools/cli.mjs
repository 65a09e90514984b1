// npm run tools -- <command> [flags]: runs a command's TypeScript with swc (no build step needed).
// Workspace commands are tools/<command>.ts; `geo` and `maritime` are the services' operator
// commands, which their images ship as `node cli.js` (see the usage comment atop each file).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = Object.fromEntries([
  ...readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => [f.slice(0, -3), join(here, f)]),
  ['geo', join(here, '..', 'apps', 'geo-scoring', 'src', 'cli.ts')],
  ['maritime', join(here, '..', 'apps', 'maritime', 'src', 'cli.ts')],
]);
const commands = Object.keys(files).sort();
const [command, ...args] = process.argv.slice(2);
if (!command || !files[command] || !existsSync(files[command])) {
  process.stderr.write(
    `usage: npm run tools -- <command> [flags]\ncommands: ${commands.join(', ')}\n`,
  );
  process.exit(2);
}
const result = spawnSync(process.execPath, ['-r', '@swc-node/register', files[command], ...args], {
  stdio: 'inherit',
  env: { ...process.env, SWC_NODE_PROJECT: join(here, '..', 'tsconfig.base.json') },
});
process.exit(result.status ?? 1);
