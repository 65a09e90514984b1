import Redis from 'ioredis';

export interface CommandRedisOptions {
  url: string;
  /** Shown in CLIENT LIST (`geo-scoring:webhooks-replay`). */
  connectionName: string;
  /** Key prefix; leave it out for BullMQ, which prefixes its keys itself. */
  prefix?: string;
}

/** Redis could not be reached at all: nothing of the work was tried. */
export class RedisUnreachableError extends Error {
  override readonly name = 'RedisUnreachableError';
}

/** The host and port of a Redis URL, never its password. */
export function redisHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured Redis';
  }
}

/**
 * Runs `work` on a connection of its own for an operator command: one connection attempt of at
 * most 3 s and no reconnects (a command reports a missing Redis instead of waiting for it), then
 * an immediate close: the work awaited what it sent, and a QUIT could hang on a stalled Redis.
 * A failed connection rejects with RedisUnreachableError; errors of `work` pass through as they
 * are.
 */
export async function withCommandRedis<T>(
  options: CommandRedisOptions,
  work: (redis: Redis) => Promise<T>,
): Promise<T> {
  const redis = new Redis(options.url, {
    ...(options.prefix === undefined ? {} : { keyPrefix: options.prefix }),
    connectionName: options.connectionName,
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // ioredis also emits a failed connection as an event; the rejection is the report.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new RedisUnreachableError(`Redis at ${redisHost(options.url)} is unreachable: ${reason}`);
  }
  try {
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
