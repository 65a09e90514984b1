// `npm run tools -- queues status [--service geo-scoring|maritime] [--json]`
import {
  choiceArgument,
  CommandFailure,
  defineCommand,
  UsageError,
  type Command,
} from '@platform/cli';
import { Clock, SystemClock } from '@platform/clock';
import {
  GeoScoringConfig,
  loadRedisEnvironment,
  MaritimeConfig,
  type Environment,
} from '@platform/config';
import { Queue } from 'bullmq';
import { redisHost, RedisUnreachableError, withCommandRedis } from '@platform/redis';
import type Redis from 'ioredis';
import { bullPrefix } from '../bull-prefix';
import { readQueueStats, statsRows, type QueueStats } from '../queue-stats';
import { settleWithin } from '../settle-within';
import { discoverQueues } from './queue-discovery';
import { statusJson, statusTable, type ServiceQueues } from './status-table';

/** The services that own queues, with their configuration (for the default Redis prefix). */
const QUEUE_SERVICES = { 'geo-scoring': GeoScoringConfig, maritime: MaritimeConfig } as const;
type QueueService = keyof typeof QUEUE_SERVICES;
const SERVICE_NAMES = Object.keys(QUEUE_SERVICES) as QueueService[];

/** Longest the command waits for Redis to answer one read. */
const READ_TIMEOUT_MS = 5000;

const USAGE = `usage: npm run tools -- queues status [--service geo-scoring|maritime] [--json]
  Waiting, prioritized, active, delayed, failed and dead-lettered jobs and the age of the oldest
  waiting job of every queue of the service (both services by default), read from Redis.
  REDIS_URL names the Redis (default redis://127.0.0.1:6379); queues live under each service's
  prefix (geo:, mar:), or under REDIS_PREFIX, which then needs --service.
  Exit 0: printed; 1: Redis could not be read; 2: bad arguments.`;

async function readService(
  redis: Redis,
  service: QueueService,
  prefix: string,
  nowMs: number,
): Promise<ServiceQueues> {
  const queuePrefix = bullPrefix(prefix);
  const names = await settleWithin(discoverQueues(redis, queuePrefix), READ_TIMEOUT_MS);
  const stats = new Map<string, QueueStats>();
  for (const name of names) {
    // Read-only: no meta update, so looking never changes what a service wrote.
    const queue = new Queue(name, {
      connection: redis,
      prefix: queuePrefix,
      skipMetasUpdate: true,
    });
    try {
      stats.set(name, await settleWithin(readQueueStats(queue, nowMs), READ_TIMEOUT_MS));
    } finally {
      await queue.close();
    }
  }
  return { service, prefix, rows: statsRows(stats, names) };
}

/** Builds the command with the clock that ages are measured by (tests pin one). */
export function createQueuesStatusCommand(clock: Clock = new SystemClock()): Command {
  return defineCommand({
    name: 'queues status',
    usage: USAGE,
    options: { service: { type: 'string' }, json: { type: 'boolean' } },
    async run({ values, env, io }) {
      const chosen =
        values.service === undefined
          ? undefined
          : choiceArgument(values.service, '--service', SERVICE_NAMES);
      const settings = loadSettings(env);
      if (settings.prefix !== undefined && chosen === undefined)
        throw new UsageError("REDIS_PREFIX is one service's prefix: name it with --service");
      const url = settings.url ?? new MaritimeConfig().REDIS_URL;
      try {
        return await withCommandRedis({ url, connectionName: 'queues-status' }, async (redis) => {
          const services: ServiceQueues[] = [];
          for (const service of chosen === undefined ? SERVICE_NAMES : [chosen]) {
            const prefix = settings.prefix ?? new QUEUE_SERVICES[service]().REDIS_PREFIX;
            services.push(await readService(redis, service, prefix, clock.nowMs()));
          }
          if (values.json) io.out(statusJson(services));
          else for (const line of statusTable(services)) io.out(line);
          return 0;
        });
      } catch (error) {
        if (error instanceof RedisUnreachableError) throw new CommandFailure(error.message);
        throw new CommandFailure(
          `could not read the queues from Redis at ${redisHost(url)}: ${(error as Error).message}`,
        );
      }
    },
  });
}

/** What the command reads: only Redis, so running it never needs a service's secrets. */
function loadSettings(env: Environment): { url?: string; prefix?: string } {
  try {
    return loadRedisEnvironment(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export const queuesStatusCommand = createQueuesStatusCommand();
