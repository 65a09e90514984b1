// Queue commands for on-call engineers: `npm run tools -- queues <command> [flags]` (each has --help).
//
//   status    waiting, active, delayed, failed and dead-lettered jobs and the oldest waiting
//             job's age, per queue of geo-scoring and maritime, read from Redis (REDIS_URL)
import { runCommandGroup } from '@platform/cli';
import { processEnvironment } from '@platform/config';
import { queuesStatusCommand } from '@platform/queues';

runCommandGroup(
  'queues',
  { status: queuesStatusCommand },
  process.argv.slice(2),
  processEnvironment(),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`queues: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
