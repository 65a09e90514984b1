// geo-scoring operator commands (each has --help): `node cli.js <command> [flags]` in the image,
// `npm run tools -- geo <command> [flags]` in a checkout.
//
//   seed      fill a database with the deterministic synthetic data set
//   ingest    post an NDJSON file to POST /internal/ingest/{dataset}
//   rollups   rebuild the activity and crime rollups from raw rows (--rebuild: all days)
//   classify  run the res 7/8 robustness classifier now
//   api-key   create, list or revoke /api/v1 keys
//   webhooks  replay dead webhook deliveries (by id or time range)
//
// Each command lives beside its feature (<role>/<feature>/<name>.command.ts).
import { runCommandGroup } from '@platform/cli';
import { processEnvironment } from '@platform/config';
import { apiKeyCommand } from './platform/api-keys/api-key.command';
import { ingestCommand } from './pipeline/ingest/ingest.command';
import { classifyCommand } from './pipeline/robustness/classify.command';
import { rollupsCommand } from './pipeline/rollups/rollups.command';
import { seedCommand } from './pipeline/seed/seed.command';
import { webhooksCommand } from './pipeline/webhooks/webhooks.command';

runCommandGroup(
  'geo',
  {
    seed: seedCommand,
    ingest: ingestCommand,
    rollups: rollupsCommand,
    classify: classifyCommand,
    'api-key': apiKeyCommand,
    webhooks: webhooksCommand,
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
