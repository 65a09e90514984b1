import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix } from '@platform/testing';
import Redis from 'ioredis';
import { FixedWindowCounter } from './fixed-window.counter';

// Real Redis: the window's expiry is set by the script, so it is checked where it runs.
describe('FixedWindowCounter', () => {
  const redisUrl = testEnvironment().TEST_REDIS_URL;
  const prefix = uniqueRedisPrefix('fw:');
  let redis: Redis;
  let other: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { keyPrefix: prefix });
    other = new Redis(redisUrl, { keyPrefix: prefix });
    await Promise.all([redis.ping(), other.ping()]);
  });
  afterAll(async () => {
    redis.disconnect();
    other.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('counts events of all replicas in one window that starts with the first and expires', async () => {
    const [a, b] = [new FixedWindowCounter(redis), new FixedWindowCounter(other)];
    const first = await a.hit('w:1', 300);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(300);
    const counts = await Promise.all(
      Array.from({ length: 9 }, (_, i) => (i % 2 ? a : b).hit('w:1', 300)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Later hits keep the window's end: the expiry is set once, by the first.
    expect(Math.max(...counts.map((c) => c.ttlMs))).toBeLessThanOrEqual(first.ttlMs);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await a.hit('w:1', 300)).toMatchObject({ count: 1 });
  });

  it('peeks and counts without counting, and takes an event back', async () => {
    const counter = new FixedWindowCounter(redis);
    expect(await counter.peek('w:2')).toEqual({ count: 0, ttlMs: -2 });
    await counter.hit('w:2', 60_000);
    await counter.hit('w:2', 60_000);
    await counter.takeBack('w:2');
    const seen = await counter.peek('w:2');
    expect(seen.count).toBe(1);
    expect(seen.ttlMs).toBeGreaterThan(59_000);
    expect(await counter.count('w:2')).toBe(1);
    expect(await counter.count('w:never')).toBe(0);
  });
});
