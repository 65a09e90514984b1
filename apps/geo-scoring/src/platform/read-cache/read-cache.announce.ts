import type { ToolRedisConfig } from '@platform/config';
import { publishInvalidation, withCommandRedis } from '@platform/redis';
import { READ_CACHE_KIND, readCacheChannel } from './read-cache.bus';
import type { ReadCacheWriter } from './read-cache.invalidator';
import { READ_CACHE_TTL_MS } from './read-cache.module';

/**
 * For operator commands that changed what the read routes show: publishes one read-cache
 * invalidation to every running replica, after the command committed, from a short-lived
 * connection to the service's Redis. Never throws: the data is committed either way; without
 * Redis, `warn` gets a line saying the replicas fall back on the entry TTL.
 */
export async function announceReadCacheChange(
  redis: ToolRedisConfig,
  writer: ReadCacheWriter,
  warn: (line: string) => void,
): Promise<void> {
  try {
    await withCommandRedis(
      { url: redis.url, prefix: redis.prefix, connectionName: `geo-scoring:${writer}` },
      (connection) =>
        publishInvalidation(connection, readCacheChannel(redis.prefix), {
          kind: READ_CACHE_KIND,
          reason: writer,
        }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warn(
      `warning: running replicas could not be told to drop cached answers (${reason}); ` +
        `they show the old ones for up to ${READ_CACHE_TTL_MS / 60_000} minutes`,
    );
  }
}
