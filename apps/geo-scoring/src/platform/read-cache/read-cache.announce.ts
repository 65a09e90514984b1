import { createRedisConnection, closeRedisConnection, publishInvalidation } from '@platform/redis';
import { READ_CACHE_KIND, readCacheChannel } from './read-cache.bus';
import type { ReadCacheWriter } from './read-cache.invalidator';
import { READ_CACHE_TTL_MS } from './read-cache.module';

/** What announceReadCacheChange reports; `error` says why no replica could be told. */
export type Announcement = { published: true } | { published: false; error: string };

/**
 * For operator commands that changed what the read routes show: publishes one read-cache
 * invalidation to every running replica, after the command committed, from a short-lived
 * connection to the service's Redis (`redis` from loadToolRedisConfig). Never throws: the data
 * is committed either way, and without Redis the replicas fall back on the entry TTL.
 */
export async function announceReadCacheChange(
  redis: { url: string; prefix: string },
  writer: ReadCacheWriter,
): Promise<Announcement> {
  const connection = createRedisConnection({
    url: redis.url,
    prefix: redis.prefix,
    connectionName: `geo-scoring:${writer}`,
    extra: { lazyConnect: true, retryStrategy: () => null },
  });
  try {
    await connection.connect();
    await publishInvalidation(connection, readCacheChannel(redis.prefix), {
      kind: READ_CACHE_KIND,
      reason: writer,
    });
    return { published: true };
  } catch (error) {
    return { published: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await closeRedisConnection(connection);
  }
}

/** The line a command prints when its change could not be announced. */
export function unannouncedWarning(announcement: Announcement): string | undefined {
  if (announcement.published) return undefined;
  return (
    `warning: running replicas could not be told to drop cached answers (${announcement.error}); ` +
    `they show the old ones for up to ${READ_CACHE_TTL_MS / 60_000} minutes`
  );
}
