import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppMetrics } from '@platform/http';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';

/**
 * A sliding window of 60 one-second buckets in one hash per subject. One script sums the last
 * 60 s, counts this second only when the sum is under the limit (refused requests are not
 * counted), drops expired buckets and renews the hash's TTL, so every replica sees one exact
 * count and the 61st request of any 60-second span is refused, with no fixed-window edge.
 * Returns [allowed, counted, oldest counted second].
 */
const SLIDING_WINDOW_SCRIPT = `
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
  if oldest == 0 then oldest = now end
end
redis.call('PEXPIRE', KEYS[1], 61000)
return {allowed, sum, oldest}`;

type RedisWithWindow = Redis & {
  slidingWindowHit(
    key: string,
    nowSecond: number,
    limit: number,
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

/** Longest a request waits for Redis before it is let through uncounted. */
const REDIS_DEADLINE_MS = 250;

@Injectable()
export class SlidingWindowLimiter {
  private readonly logger = new Logger(SlidingWindowLimiter.name);
  private readonly redis: RedisWithWindow;
  private readonly failOpen: Counter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(AppMetrics) metrics: AppMetrics) {
    if (!('slidingWindowHit' in redis))
      redis.defineCommand('slidingWindowHit', { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });
    this.redis = redis as RedisWithWindow;
    this.failOpen = new Counter({
      name: 'mar_ratelimit_failopen_total',
      help: 'Requests let through uncounted because Redis could not answer the rate limiter',
      registers: [metrics.registry],
    });
  }

  /** Counts one request of `subject` (e.g. `k:<key id>`, `ip:<address>`) against `limit`/min. */
  async hit(subject: string, limit: number, nowMs: number): Promise<RateDecision> {
    const now = Math.floor(nowMs / 1000);
    try {
      // A replica without Redis answers at once rather than queueing behind the reconnect.
      if (this.redis.status !== 'ready') throw new Error(`redis ${this.redis.status}`);
      const [allowed, counted, oldest] = await withDeadline(
        this.redis.slidingWindowHit(`rl:{${subject}}`, now, limit),
        REDIS_DEADLINE_MS,
      );
      return {
        allowed: allowed === 1,
        limit,
        remaining: Math.max(0, limit - counted),
        resetEpochSeconds: (oldest || now) + 60,
        failedOpen: false,
      };
    } catch (error) {
      this.failOpen.inc();
      this.logger.warn({ err: error }, 'rate limiter unavailable; request let through');
      return {
        allowed: true,
        limit,
        remaining: limit,
        resetEpochSeconds: now + 60,
        failedOpen: true,
      };
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
