// `npm run tools -- maritime dead-letters replay --id <uuid> | --from <instant> --to <instant>`:
// replays dead-lettered alert deliveries of any owner (a new `replay` delivery each).
//
// Instants are ISO 8601 or YYYY-MM-DD (midnight UTC). DATABASE_URL selects the database;
// REDIS_URL and REDIS_PREFIX the queue (defaults: the local Redis, mar:). When Redis cannot be
// reached the replays still stand, and a worker replica's sweep enqueues them within two minutes.
import { Clock } from '@platform/clock';
import { CommandFailure, defineCommand, UsageError } from '@platform/cli';
import { loadToolRedisConfig, type ToolRedisConfig } from '@platform/config';
import { bullPrefix } from '@platform/queues';
import { enqueueDeliveries } from '@platform/webhooks';
import { Queue } from 'bullmq';
import { withCommandRedis } from '@platform/redis';
import { dropDeadLetters } from '../../jobs/alert-deliveries/alert-delivery-queue';
import { JOB_QUEUES } from '../../jobs/job-queues';
import { parseInstant } from '../../platform/validation/maritime-validators';
import { withToolContext } from '../../platform/tools/tool-context';
import { DeadLetterReplayModule } from './dead-letter-replay.module';
import { DeadLetterReplayRepository, REPLAY_BATCH } from './dead-letter-replay.repository';

const USAGE = `usage: npm run tools -- maritime dead-letters replay --id <delivery id>
       npm run tools -- maritime dead-letters replay --from <instant> --to <instant>
instants: ISO 8601 (2026-03-31T12:00:00Z) or YYYY-MM-DD (midnight UTC); the range is by
dead-letter time, [from, to). Each dead letter is replayed once, as a new delivery.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SKIPPED = {
  not_found: 'no such delivery',
  not_dead_lettered: 'it is not dead-lettered',
  already_replayed: 'it was replayed already',
  channel_disabled: 'its channel is disabled or deleted; enable it first (PUT /alerts/channels)',
} as const;

function instantArgument(value: string | undefined, flag: string): Date {
  const at = value === undefined ? null : parseInstant(value);
  if (at === null) throw new UsageError(`${flag} must be an ISO 8601 instant or YYYY-MM-DD`);
  return at;
}

/** Enqueues the replays and takes their dead letters off the mirror; false without Redis. */
async function enqueue(
  redis: ToolRedisConfig,
  replayed: readonly { delivery_id: string; replay_delivery_id: string }[],
): Promise<boolean> {
  if (replayed.length === 0) return true;
  try {
    await withCommandRedis(
      { url: redis.url, connectionName: 'maritime:dead-letters-replay' },
      async (connection) => {
        const prefix = bullPrefix(redis.prefix);
        const deliveries = new Queue(JOB_QUEUES.alertDeliveries, { connection, prefix });
        const deadLetters = new Queue(JOB_QUEUES.alertDeliveriesDlq, { connection, prefix });
        try {
          await enqueueDeliveries(
            deliveries,
            replayed.map((r) => r.replay_delivery_id),
          );
          await dropDeadLetters(
            deadLetters,
            replayed.map((r) => r.delivery_id),
          );
        } finally {
          await Promise.all([deliveries.close(), deadLetters.close()]);
        }
      },
    );
    return true;
  } catch {
    return false;
  }
}

export const deadLettersCommand = defineCommand({
  name: 'maritime dead-letters',
  usage: USAGE,
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
  async run({ values, positionals, env, io }) {
    // Checked before anything is replayed, so a bad setting changes nothing.
    const redis = loadToolRedisConfig('maritime', env);
    if (positionals.length !== 1 || positionals[0] !== 'replay') {
      throw new UsageError('the only action is replay');
    }
    const byId = values.id !== undefined;
    const byRange = values.from !== undefined || values.to !== undefined;
    if (byId === byRange) throw new UsageError('give either --id, or --from and --to');
    let range: { from: Date; to: Date } | undefined;
    if (byId) {
      if (!UUID.test(values.id ?? '')) throw new UsageError('--id must be a delivery id (a UUID)');
    } else {
      range = {
        from: instantArgument(values.from, '--from'),
        to: instantArgument(values.to, '--to'),
      };
      if (range.from >= range.to) throw new UsageError('--from must be before --to');
    }
    return withToolContext(
      env,
      'maritime-dead-letters',
      [DeadLetterReplayModule],
      async (context) => {
        const replays = context.get(DeadLetterReplayRepository);
        const now = context.get(Clock).now();
        if (range === undefined) {
          const id = (values.id ?? '').toLowerCase();
          const result = await replays.replayIds(null, [id], now);
          const skipped = result.skipped[0];
          if (skipped !== undefined) {
            throw new CommandFailure(`${id} was not replayed: ${SKIPPED[skipped.reason]}`);
          }
          const enqueued = await enqueue(redis, result.replayed);
          io.out(JSON.stringify({ ...result.replayed[0], enqueued }));
          return 0;
        }
        const all: { delivery_id: string; replay_delivery_id: string }[] = [];
        let channelDisabled = 0;
        for (;;) {
          const batch = await replays.replayRange(null, range.from, range.to, now, REPLAY_BATCH);
          all.push(...batch.replayed);
          channelDisabled = batch.channel_disabled;
          if (batch.replayed.length < REPLAY_BATCH || batch.remaining === 0) break;
        }
        const enqueued = await enqueue(redis, all);
        io.out(
          JSON.stringify({
            from: range.from.toISOString(),
            to: range.to.toISOString(),
            replayed: all.length,
            replay_delivery_ids: all.map((r) => r.replay_delivery_id),
            skipped_channel_disabled: channelDisabled,
            enqueued,
          }),
        );
        if (!enqueued) {
          io.err(
            'Redis was not reachable: a worker replica will enqueue the replays within minutes.',
          );
        }
        return 0;
      },
    );
  },
});
