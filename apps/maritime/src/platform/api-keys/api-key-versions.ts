import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';

/**
 * How long a replica trusts a key it resolved before it reads PostgreSQL again: the bound on a
 * change that Redis could not be told about.
 */
export const CACHED_KEY_TTL_MS = 60_000;

/**
 * The Redis key holding the newest published version of an API key. It shares its hash tag with
 * the key's rate window (`rl:{k:<id>}`), so the limiter's script reads both in one call, on one
 * cluster node too. It never expires (a few bytes per changed key): a version that disappeared
 * would let a copy older than it through.
 */
export function apiKeyVersionKey(keyId: string): string {
  return `kv:{k:${keyId}}`;
}

/** Raises the published version, never lowers it: two changes may publish out of order. */
const PUBLISH_SCRIPT = `
local published = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > published then
  redis.call('SET', KEYS[1], ARGV[1])
  return tonumber(ARGV[1])
end
return published`;

type RedisWithPublish = Redis & {
  publishKeyVersion(key: string, version: number): Promise<number>;
};

/** Tells every replica that a key changed, by the version its row now has. */
@Injectable()
export class ApiKeyVersions {
  private readonly redis: RedisWithPublish;

  constructor(@Inject(REDIS) redis: Redis) {
    if (!('publishKeyVersion' in redis))
      redis.defineCommand('publishKeyVersion', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
    this.redis = redis as RedisWithPublish;
  }

  /** Publishes `version` unless a higher one is there; answers the version Redis now holds. */
  publish(keyId: string, version: number): Promise<number> {
    return this.redis.publishKeyVersion(apiKeyVersionKey(keyId), version);
  }

  /** Where a publication goes, for the operator (host and prefix; never a password). */
  target(): string {
    const { host, port, keyPrefix } = this.redis.options;
    return `redis ${host ?? '?'}:${port ?? '?'} under prefix ${keyPrefix ?? ''}`;
  }

  /**
   * Calls `listener` each time the connection to Redis is (re)established. Versions published
   * while a replica was cut off, or lost with a Redis that restarted without its data, cannot be
   * checked against copies made before: the replica drops them then.
   */
  onConnected(listener: () => void): void {
    this.redis.on('ready', listener);
  }
}
