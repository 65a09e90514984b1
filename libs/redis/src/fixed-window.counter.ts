import type Redis from 'ioredis';

/** A window's count and the milliseconds left before its key expires (-1/-2 as PTTL says). */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

// INCR and the expiry in one script, so a counter never outlives its window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

type RedisWithWindowHit = Redis & {
  fixedWindowHit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Fixed-window counters in Redis, one key per subject and window, so every replica counts
 * against the same window. What a count means (a refusal, fail open or closed when Redis is
 * away) is the caller's policy; errors are the caller's to handle.
 */
export class FixedWindowCounter {
  private readonly redis: RedisWithWindowHit;

  constructor(redis: Redis) {
    if (!('fixedWindowHit' in redis))
      redis.defineCommand('fixedWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as RedisWithWindowHit;
  }

  /** Counts one event in the window of `key`, which starts with its first event. */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttlMs] = await this.redis.fixedWindowHit(key, windowMs);
    return { count, ttlMs };
  }

  /** The window's count without counting (one GET, for callers that need no time left). */
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  /** The window's count and the time it has left, without counting. */
  async peek(key: string): Promise<WindowCount> {
    const [count, ttlMs] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    return { count: Number(count ?? 0), ttlMs };
  }

  /** Takes one event back (a reservation that turned out not to count). */
  async takeBack(key: string): Promise<void> {
    await this.redis.decr(key);
  }
}
