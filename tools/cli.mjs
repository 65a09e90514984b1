// npm run tools -- <command> [flags]: runs tools/<command>.ts with swc (no build step needed).
// Commands: mint-session-token (see the usage comment at the top of each file).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const commands = readdirSync(here)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));
const [command, ...args] = process.argv.slice(2);
if (!command || !existsSync(join(here, `${command}.ts`))) {
  process.stderr.write(
    `usage: npm run tools -- <command> [flags]\ncommands: ${commands.join(', ')}\n`,
  );
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', join(here, `${command}.ts`), ...args],
  {
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(here, '..', 'tsconfig.base.json') },
  },
);
process.exit(result.status ?? 1);
