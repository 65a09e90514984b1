/** Injection token of the read cache's own CacheInvalidationBus (@platform/redis). */
export const READ_CACHE_BUS = Symbol('READ_CACHE_BUS');

/** The message kind of every read-cache invalidation; `reason` names the writer. */
export const READ_CACHE_KIND = 'geo-read-cache';

/**
 * The read cache's pub/sub channel. ioredis prefixes keys, never channels, so the prefix is
 * written out (`geo:read-cache-invalidate`); its epoch counter is the key
 * `geo:read-cache-invalidate:epoch`.
 */
export function readCacheChannel(redisPrefix: string): string {
  return `${redisPrefix}read-cache-invalidate`;
}
