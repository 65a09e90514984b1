import Redis, { RedisOptions } from 'ioredis';

export interface RedisConnectionOptions {
  url: string;
  /** Prefix of every key this connection touches (`pa:`, `geo:`, `mar:`). */
  prefix: string;
  /** Shown in CLIENT LIST. */
  connectionName: string;
  /** BullMQ requires null here; request paths want a fast failure instead. */
  maxRetriesPerRequest?: number | null;
  extra?: RedisOptions;
}

/**
 * A connection that reconnects forever with capped backoff (so readiness recovers without a
 * restart) and fails commands quickly while Redis is away instead of queueing them unboundedly.
 */
export function createRedisConnection(options: RedisConnectionOptions): Redis {
  return new Redis(options.url, {
    keyPrefix: options.prefix,
    connectionName: options.connectionName,
    maxRetriesPerRequest:
      options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    enableOfflineQueue: true,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 10), 2000),
    ...options.extra,
  });
}

/** Closes gracefully when connected, and at once when Redis is unreachable (QUIT would hang). */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // fall through to disconnect
    }
  }
  redis.disconnect(false);
}
