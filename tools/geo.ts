// geo-scoring operator commands: `npm run tools -- geo <command> [flags]` (each has --help).
//
//   seed      fill a database with the deterministic synthetic data set
//   ingest    post an NDJSON file to POST /internal/ingest/{dataset}
//   rollups   rebuild the activity and crime rollups from raw rows (--rebuild: all days)
//   classify  run the res 7/8 robustness classifier now
//   api-key   create, list or revoke /api/v1 keys
//
// Each command lives beside its feature (apps/geo-scoring/src/<role>/<feature>/<name>.command.ts).
import { runCommandGroup } from '@platform/cli';
import { processEnvironment } from '@platform/config';
import { apiKeyCommand } from '../apps/geo-scoring/src/platform/api-keys/api-key.command';
import { ingestCommand } from '../apps/geo-scoring/src/pipeline/ingest/ingest.command';
import { classifyCommand } from '../apps/geo-scoring/src/pipeline/robustness/classify.command';
import { rollupsCommand } from '../apps/geo-scoring/src/pipeline/rollups/rollups.command';
import { seedCommand } from '../apps/geo-scoring/src/pipeline/seed/seed.command';

runCommandGroup(
  'geo',
  {
    seed: seedCommand,
    ingest: ingestCommand,
    rollups: rollupsCommand,
    classify: classifyCommand,
    'api-key': apiKeyCommand,
  },
  process.argv.slice(2),
  processEnvironment(),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`geo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
