// maritime operator commands: `npm run tools -- maritime <command> [flags]` (each has --help).
//
//   keys   create, list, revoke and change API keys (plans, analyst access, custom rates)
//   seed   fill a database with the deterministic synthetic world
import { runCommandGroup } from '@platform/cli';
import { processEnvironment } from '@platform/config';
import { seedCommand } from '../apps/maritime/src/pipeline/seed/seed.command';
import { keysCommand } from '../apps/maritime/src/platform/api-keys/keys.command';

runCommandGroup(
  'maritime',
  { keys: keysCommand, seed: seedCommand },
  process.argv.slice(2),
  processEnvironment(),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`maritime: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
