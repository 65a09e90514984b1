import { deleteRedisPrefix, freePort, testEnvironment, uniqueRedisPrefix } from '@platform/testing';
import type Redis from 'ioredis';
import { RedisUnreachableError, withCommandRedis } from './command-redis';

// Real Redis, and a port nothing listens on for the unreachable case.
describe('withCommandRedis', () => {
  const redisUrl = testEnvironment().TEST_REDIS_URL;
  const prefix = uniqueRedisPrefix('cmd:');

  afterAll(() => deleteRedisPrefix(redisUrl, prefix));

  /** Resolves once the connection is closed (QUIT answers before the socket closes). */
  const ended = (redis: Redis | undefined): Promise<void> =>
    new Promise((resolve) => {
      if (redis?.status === 'end') resolve();
      else redis?.once('end', () => resolve());
    });

  it('runs the work under the prefix and closes the connection after it', async () => {
    let used: Redis | undefined;
    const answer = await withCommandRedis(
      { url: redisUrl, prefix, connectionName: 'spec:command' },
      async (redis) => {
        used = redis;
        await redis.set('written', 'yes');
        return redis.client('GETNAME');
      },
    );
    expect(answer).toBe('spec:command');
    await ended(used);
    const check = await withCommandRedis({ url: redisUrl, connectionName: 'spec:check' }, (r) =>
      r.get(`${prefix}written`),
    );
    expect(check).toBe('yes');
  });

  it("passes the work's own error through and still closes", async () => {
    let used: Redis | undefined;
    const failure = withCommandRedis({ url: redisUrl, connectionName: 'spec:fails' }, (redis) => {
      used = redis;
      return Promise.reject(new Error('the work failed'));
    });
    await expect(failure).rejects.toThrow('the work failed');
    await expect(failure).rejects.not.toBeInstanceOf(RedisUnreachableError);
    await ended(used);
  });

  it('says Redis is unreachable by host, without the password, and never runs the work', async () => {
    const port = await freePort();
    const work = jest.fn(() => Promise.resolve());
    const failure = withCommandRedis(
      { url: `redis://:hunter2-secret@127.0.0.1:${port}`, connectionName: 'spec:down' },
      work,
    );
    await expect(failure).rejects.toBeInstanceOf(RedisUnreachableError);
    await expect(failure).rejects.toThrow(`Redis at 127.0.0.1:${port} is unreachable`);
    await expect(failure).rejects.not.toThrow('hunter2');
    expect(work).not.toHaveBeenCalled();
  });
});
