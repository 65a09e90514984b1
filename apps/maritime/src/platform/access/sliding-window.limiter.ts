import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppMetrics } from '@platform/http';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { apiKeyVersionKey } from '../api-keys/api-key-versions';

/**
 * A sliding window of 60 one-second buckets in one hash per subject. One script sums the last
 * 60 s, counts this second only when the sum is under the limit (refused requests are not
 * counted), drops expired buckets and renews the hash's TTL, so every replica sees one exact
 * count and the 61st request of any 60-second span is refused, with no fixed-window edge.
 * Returns [allowed, counted, oldest counted second].
 *
 * A keyed hit also names the key's published version (KEYS[2]) and the version the replica's
 * copy of the key has (ARGV[3]): when a newer one was published, the script counts nothing and
 * returns [-1, 0, 0], and the replica reads the key again.
 */
const SLIDING_WINDOW_SCRIPT = `
if #KEYS == 2 then
  local published = tonumber(redis.call('GET', KEYS[2]) or '0')
  if published > tonumber(ARGV[3]) then return {-1, 0, 0} end
end
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local fields = redis.call('HGETALL', KEYS[1])
local sum = 0
local oldest = 0
for i = 1, #fields, 2 do
  local second = tonumber(fields[i])
  if second <= now - 60 then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    sum = sum + tonumber(fields[i + 1])
    if oldest == 0 or second < oldest then oldest = second end
  end
end
local allowed = 0
if sum < limit then
  redis.call('HINCRBY', KEYS[1], now, 1)
  sum = sum + 1
  allowed = 1
  -- A replica whose clock is behind may count a second older than every bucket.
  if oldest == 0 or now < oldest then oldest = now end
end
redis.call('PEXPIRE', KEYS[1], 61000)
return {allowed, sum, oldest}`;

/** The window hash of a subject (`ip:<address>`, `k:<key id>`). */
export function rateWindowKey(subject: string): string {
  return `rl:{${subject}}`;
}

type RedisWithWindow = Redis & {
  slidingWindowHit(
    keyCount: 1 | 2,
    ...keysAndArgs: (string | number)[]
  ): Promise<[number, number, number]>;
};

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch second when the oldest counted bucket leaves the window. */
  resetEpochSeconds: number;
  /** True when Redis could not count and the request was let through. */
  failedOpen: boolean;
}

/** The limiter's answer when the key's copy it was given is older than the published version. */
export const OUTDATED_KEY = 'outdated-key';

/** Longest a request waits for Redis before it is let through uncounted. */
const REDIS_DEADLINE_MS = 250;

@Injectable()
export class SlidingWindowLimiter {
  private readonly logger = new Logger(SlidingWindowLimiter.name);
  private readonly redis: RedisWithWindow;
  private readonly failOpen: Counter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(AppMetrics) metrics: AppMetrics) {
    if (!('slidingWindowHit' in redis))
      redis.defineCommand('slidingWindowHit', { lua: SLIDING_WINDOW_SCRIPT });
    this.redis = redis as RedisWithWindow;
    this.failOpen = new Counter({
      name: 'mar_ratelimit_failopen_total',
      help: 'Requests let through uncounted because Redis could not answer the rate limiter',
      registers: [metrics.registry],
    });
  }

  /** Counts one request of `subject` (e.g. `ip:<address>`) against `limit`/min. */
  async hit(subject: string, limit: number, nowMs: number): Promise<RateDecision> {
    const now = Math.floor(nowMs / 1000);
    const answer = await this.run(limit, nowMs, 1, rateWindowKey(subject), now, limit);
    // Only a hit that names a key's version can hear that the copy is outdated.
    return answer === OUTDATED_KEY ? this.openDecision(limit, nowMs) : answer;
  }

  /**
   * Counts one request of a key against `limit`/min, unless a version newer than `version` (the
   * replica's copy) was published for it: then nothing is counted and the answer is OUTDATED_KEY.
   * Without a version, the request is counted unchecked.
   */
  hitKey(
    keyId: string,
    version: number | undefined,
    limit: number,
    nowMs: number,
  ): Promise<RateDecision | typeof OUTDATED_KEY> {
    const now = Math.floor(nowMs / 1000);
    const window = rateWindowKey(`k:${keyId}`);
    return version === undefined
      ? this.run(limit, nowMs, 1, window, now, limit)
      : this.run(limit, nowMs, 2, window, apiKeyVersionKey(keyId), now, limit, version);
  }

  /** What a request let through uncounted shows: the whole limit remaining. */
  openDecision(limit: number, nowMs: number): RateDecision {
    return {
      allowed: true,
      limit,
      remaining: limit,
      resetEpochSeconds: Math.floor(nowMs / 1000) + 60,
      failedOpen: true,
    };
  }

  private async run(
    limit: number,
    nowMs: number,
    keyCount: 1 | 2,
    ...keysAndArgs: (string | number)[]
  ): Promise<RateDecision | typeof OUTDATED_KEY> {
    try {
      // A replica without Redis answers at once rather than queueing behind the reconnect.
      if (this.redis.status !== 'ready') throw new Error(`redis ${this.redis.status}`);
      const [allowed, counted, oldest] = await withDeadline(
        this.redis.slidingWindowHit(keyCount, ...keysAndArgs),
        REDIS_DEADLINE_MS,
      );
      if (allowed === -1) return OUTDATED_KEY;
      return {
        allowed: allowed === 1,
        limit,
        remaining: Math.max(0, limit - counted),
        resetEpochSeconds: (oldest || Math.floor(nowMs / 1000)) + 60,
        failedOpen: false,
      };
    } catch (error) {
      this.failOpen.inc();
      this.logger.warn({ err: error }, 'rate limiter unavailable; request let through');
      return this.openDecision(limit, nowMs);
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
