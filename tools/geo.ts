// geo-scoring operator commands: `npm run tools -- geo <command> [flags]`.
//
//   seed      fill a database with the deterministic synthetic data set (design 3.8)
//   ingest    post an NDJSON file to POST /internal/ingest/{dataset} (design 3.7)
//   rollups   rebuild the activity and crime rollups from raw rows (--rebuild: all days)
//   classify  run the res 7/8 robustness classifier now (design 2.6)
//   api-key   create, list or revoke /api/v1 keys
//
// Each command lives beside its feature (apps/geo-scoring/src/<role>/<feature>/<name>.command.ts)
// and prints its own usage with --help.
import { processEnvironment } from '@platform/config';
import * as apiKey from '../apps/geo-scoring/src/platform/api-keys/api-key.command';
import * as ingest from '../apps/geo-scoring/src/pipeline/ingest/ingest.command';
import * as classify from '../apps/geo-scoring/src/pipeline/robustness/classify.command';
import * as rollups from '../apps/geo-scoring/src/pipeline/rollups/rollups.command';
import * as seed from '../apps/geo-scoring/src/pipeline/seed/seed.command';

type Command = (args: string[], env: Record<string, string | undefined>) => Promise<number>;

const commands: Record<string, { run: Command }> = {
  seed,
  ingest,
  rollups,
  classify,
  'api-key': apiKey,
};

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    process.stderr.write(`usage: npm run tools -- geo <${Object.keys(commands).join('|')}> ...\n`);
    return 2;
  }
  return command.run(args, processEnvironment());
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`geo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
