// `npm run tools -- geo webhooks replay`: sends undelivered webhook deliveries again.
//
//   replay --delivery <id>                       one dead (or canceled) delivery
//   replay --since <instant> [--until <instant>]  every dead or canceled delivery created in
//                                                 [since, until); until defaults to now
//
// Instants are ISO 8601 with a time zone (2026-03-31T12:00:00Z) or a day (2026-03-31, midnight
// UTC). DATABASE_URL selects the database; REDIS_URL and REDIS_PREFIX the queue (defaults: the
// local Redis, geo:). When Redis cannot be reached the deliveries are still reset, and a running
// replica's outbox sweep enqueues them within about a minute and a half.
import { Clock } from '@platform/clock';
import { CommandFailure, defineCommand, UsageError } from '@platform/cli';
import { loadToolRedisConfig, type ToolRedisConfig } from '@platform/config';
import { bullPrefix } from '@platform/queues';
import { enqueueDeliveriesNow } from '@platform/webhooks';
import { Queue } from 'bullmq';
import { withCommandRedis } from '@platform/redis';
import { JOB_QUEUES } from '../../jobs/job-queues';
import { withGeoContext } from '../../platform/cli/geo-context';
import { WebhookReplayModule } from './webhook-replay.module';
import { WebhookReplayRepository } from './webhook-replay.repository';

const USAGE = `usage: geo webhooks replay --delivery <delivery id>
       geo webhooks replay --since <instant> [--until <instant>]
instants: ISO 8601 with a time zone, or YYYY-MM-DD (midnight UTC)`;

const SKIPPED = {
  not_found: 'no such delivery',
  not_dead: 'it is neither dead nor canceled',
  webhook_inactive:
    'its webhook is inactive; re-enable it first (PATCH /api/v1/webhooks {"active": true})',
} as const;

/** An instant with an explicit zone, or a day at midnight UTC. */
function instantArgument(value: string, flag: string): Date {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const at = new Date(text);
  if (!zoned || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== utcDayOf(text)) {
    throw new UsageError(`${flag} must be an ISO 8601 instant with a time zone, or YYYY-MM-DD`);
  }
  return at;
}

/** The calendar day a zoned instant names, in UTC (catches 2026-02-30 rolling over). */
function utcDayOf(text: string): string {
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 10);
}

/** Enqueues on the service's queue; false when Redis cannot be reached. */
async function enqueue(redis: ToolRedisConfig, deliveryIds: readonly string[]): Promise<boolean> {
  if (deliveryIds.length === 0) return true;
  try {
    await withCommandRedis(
      { url: redis.url, connectionName: 'geo-scoring:webhooks-replay' },
      async (connection) => {
        const queue = new Queue(JOB_QUEUES.webhookDeliveries, {
          connection,
          prefix: bullPrefix(redis.prefix),
        });
        try {
          await enqueueDeliveriesNow(queue, deliveryIds);
        } finally {
          await queue.close();
        }
      },
    );
    return true;
  } catch {
    return false;
  }
}

export const webhooksCommand = defineCommand({
  name: 'geo webhooks',
  usage: USAGE,
  allowPositionals: true,
  options: {
    delivery: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
  },
  async run({ values, positionals, env, io }) {
    // Checked before anything is replayed, so a bad setting changes nothing.
    const redis = loadToolRedisConfig('geo-scoring', env);
    if (positionals.length !== 1 || positionals[0] !== 'replay') {
      throw new UsageError('the only action is replay');
    }
    const byId = values.delivery !== undefined;
    if (byId === (values.since !== undefined) || (byId && values.until !== undefined)) {
      throw new UsageError('give either --delivery, or --since (and optionally --until)');
    }
    const range = byId
      ? undefined
      : {
          since: instantArgument(values.since ?? '', '--since'),
          until: values.until === undefined ? undefined : instantArgument(values.until, '--until'),
        };
    return withGeoContext(env, 'geo-webhooks', [WebhookReplayModule], async (context) => {
      const replays = context.get(WebhookReplayRepository);
      const now = context.get(Clock).now();
      if (byId) {
        const id = values.delivery ?? '';
        const outcome = await replays.replayOne(id, now);
        if (!outcome.replayed) {
          throw new CommandFailure(`${id} was not replayed: ${SKIPPED[outcome.reason]}`);
        }
        const enqueued = await enqueue(redis, [id]);
        io.out(JSON.stringify({ delivery_id: id, replayed: true, enqueued }));
        return 0;
      }
      const until = range?.until ?? now;
      const since = range?.since ?? now;
      if (since >= until) throw new UsageError('--since must be before --until');
      const { deliveryIds, inactiveWebhooks } = await replays.replayRange(since, until, now);
      const enqueued = await enqueue(redis, deliveryIds);
      io.out(
        JSON.stringify({
          since: since.toISOString(),
          until: until.toISOString(),
          replayed: deliveryIds.length,
          skipped_inactive_webhooks: inactiveWebhooks,
          enqueued,
        }),
      );
      if (!enqueued && deliveryIds.length > 0) {
        io.err('Redis was not reachable: the outbox sweep of a running replica will enqueue them.');
      }
      return 0;
    });
  },
});
