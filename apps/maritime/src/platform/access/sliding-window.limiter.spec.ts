import { AppMetrics } from '@platform/http';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix } from '@platform/testing';
import Redis from 'ioredis';
import { rateWindowKey, SlidingWindowLimiter } from './sliding-window.limiter';

/**
 * What the window must answer, by its definition: every bucket newer than now - 60 counts, the
 * request is counted when their sum is under the limit, and the oldest counted second is the
 * oldest bucket left after the request.
 */
class WindowModel {
  private readonly buckets = new Map<number, number>();

  hit(now: number, limit: number): [boolean, number, number] {
    for (const second of [...this.buckets.keys()])
      if (second <= now - 60) this.buckets.delete(second);
    let sum = [...this.buckets.values()].reduce((a, b) => a + b, 0);
    const allowed = sum < limit;
    if (allowed) {
      this.buckets.set(now, (this.buckets.get(now) ?? 0) + 1);
      sum += 1;
    }
    return [allowed, sum, this.buckets.size === 0 ? 0 : Math.min(...this.buckets.keys())];
  }
}

// Real Redis: the script is the limiter, so it is checked where it runs.
describe('SlidingWindowLimiter', () => {
  const redisUrl = testEnvironment().TEST_REDIS_URL;
  const prefix = uniqueRedisPrefix('mar:sw:');
  let redis: Redis;
  let limiter: SlidingWindowLimiter;
  const start = 1_900_000_000;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { keyPrefix: prefix });
    await redis.ping();
    limiter = new SlidingWindowLimiter(redis, new AppMetrics('maritime-spec'));
  });
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  /** The buckets the window's hash holds (epoch second → count). */
  async function stored(subject: string): Promise<{ sum: number; seconds: number[] }> {
    const buckets = Object.entries(await redis.hgetall(rateWindowKey(subject)));
    return {
      sum: buckets.reduce((total, [, count]) => total + Number(count), 0),
      seconds: buckets.map(([second]) => Number(second)).sort((a, b) => a - b),
    };
  }

  it('refuses the request over the limit until its oldest second leaves the window', async () => {
    const hit = (second: number) => limiter.hit('ip:edge', 3, second * 1000);
    for (const offset of [0, 10, 20]) expect((await hit(start + offset)).allowed).toBe(true);
    const refused = await hit(start + 30);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetEpochSeconds: start + 60 });
    expect((await hit(start + 59)).allowed).toBe(false);
    // At start + 60 the first second has left the window: one more fits, and Reset moves on.
    const next = await hit(start + 60);
    expect(next).toMatchObject({ allowed: true, remaining: 0, resetEpochSeconds: start + 70 });
    expect(await stored('ip:edge')).toEqual({
      sum: 3,
      seconds: [start + 10, start + 20, start + 60],
    });
  });

  it('answers as the definition does over random traffic, keeping only the buckets it counts', async () => {
    const model = new WindowModel();
    let random = 7;
    const next = (n: number) => {
      random = (random * 1_103_515_245 + 12_345) % 2 ** 31;
      return random % n;
    };
    let now = start + 1000;
    for (let i = 0; i < 400; i += 1) {
      const step = next(20);
      // Mostly small steps; sometimes a pause (up to past the window), sometimes a replica
      // whose clock is behind.
      now += step === 0 ? 30 + next(60) : step === 1 ? -next(3) : next(3);
      const limit = 25;
      const decision = await limiter.hit('ip:random', limit, now * 1000);
      const [allowed, counted, oldest] = model.hit(now, limit);
      expect({ at: i, ...decision }).toEqual({
        at: i,
        allowed,
        limit,
        remaining: limit - counted,
        resetEpochSeconds: (oldest || now) + 60,
        failedOpen: false,
      });
      const hash = await stored('ip:random');
      expect({ at: i, sum: hash.sum }).toEqual({ at: i, sum: counted });
      expect(hash.seconds.every((second) => second > now - 60)).toBe(true);
    }
  });

  it('resets by the older second that a replica whose clock is behind counted', async () => {
    const subject = 'ip:skewed';
    await limiter.hit(subject, 10, (start + 10) * 1000);
    const behind = await limiter.hit(subject, 10, (start + 8) * 1000);
    expect(behind).toMatchObject({ remaining: 8, resetEpochSeconds: start + 68 });
    expect(await stored(subject)).toMatchObject({ sum: 2 });
    // Second start + 8 leaves first: at start + 68 only the bucket of start + 10 still counts.
    const later = await limiter.hit(subject, 10, (start + 68) * 1000);
    expect(later).toMatchObject({ remaining: 8, resetEpochSeconds: start + 70 });
  });
});
