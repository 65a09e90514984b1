import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';

/** How long a replica trusts a key it resolved before it reads PostgreSQL again. */
export const CACHED_KEY_TTL_MS = 60_000;

/**
 * How long a published version stays in Redis. Any copy cached before the change has expired
 * by then, so a version that has disappeared (expired, or lost with Redis's data) can never let
 * an outdated copy through.
 */
const PUBLISHED_VERSION_TTL_MS = 2 * CACHED_KEY_TTL_MS;

/**
 * The Redis key holding the newest published version of an API key. It shares its hash tag with
 * the key's rate window (`rl:{k:<id>}`), so the limiter's script reads both in one call, on one
 * cluster node too.
 */
export function apiKeyVersionKey(keyId: string): string {
  return `kv:{k:${keyId}}`;
}

/** Raises the published version, never lowers it: two changes may publish out of order. */
const PUBLISH_SCRIPT = `
local published = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > published then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return published`;

type RedisWithPublish = Redis & {
  publishKeyVersion(key: string, version: number, ttlMs: number): Promise<number>;
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

  async publish(keyId: string, version: number): Promise<void> {
    await this.redis.publishKeyVersion(apiKeyVersionKey(keyId), version, PUBLISHED_VERSION_TTL_MS);
  }
}
