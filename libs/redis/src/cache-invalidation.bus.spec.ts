import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  deleteRedisPrefix,
  startTcpProxy,
  testEnvironment,
  uniqueRedisPrefix,
  waitFor,
} from '@platform/testing';
import Redis from 'ioredis';
import { CacheInvalidationBus, InvalidationEvent } from './cache-invalidation.bus';
import { CacheInvalidationModule } from './cache-invalidation.module';
import { closeRedisConnection, createRedisConnection } from './redis-connection';
import { RedisModule } from './redis.module';

const redisUrl = testEnvironment().TEST_REDIS_URL;

/** A Nest app context holding the bus, as each replica of a service would. */
async function replica(
  prefix: string,
  url = redisUrl,
): Promise<{ app: INestApplicationContext; events: InvalidationEvent[] }> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      RedisModule.forRoot({ url, prefix, service: 'bus-spec' }),
      CacheInvalidationModule.forRoot(),
    ],
  }).compile();
  const app = await moduleRef.init();
  const events: InvalidationEvent[] = [];
  // Probes only show the bus is listening; the tests look at everything else.
  app.get(CacheInvalidationBus).onInvalidation((event) => {
    if (event.type !== 'message' || event.message.kind !== 'probe') events.push(event);
  });
  return { app, events };
}

/** Resolves once `listener` has heard a probe published after it subscribed. */
async function untilListening(
  publisher: CacheInvalidationBus,
  listener: CacheInvalidationBus = publisher,
): Promise<void> {
  let heard = false;
  const off = listener.onInvalidation((e) => {
    if (e.type === 'message' && e.message.kind === 'probe') heard = true;
  });
  try {
    await waitFor(
      async () => {
        await publisher.publish({ kind: 'probe' });
        return heard;
      },
      5000,
      'the bus to listen',
    );
  } finally {
    off();
  }
}

describe('CacheInvalidationBus', () => {
  let prefix: string;
  const contexts: INestApplicationContext[] = [];

  beforeEach(() => {
    prefix = uniqueRedisPrefix('bus:');
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('delivers one published message to every replica, with increasing epochs', async () => {
    const a = await replica(prefix);
    const b = await replica(prefix);
    contexts.push(a.app, b.app);
    const busA = a.app.get(CacheInvalidationBus);
    await untilListening(busA);
    await untilListening(busA, b.app.get(CacheInvalidationBus));

    const epoch = await busA.publish({ kind: 'key-revoked', key_id: 'key_123' });
    await waitFor(() => a.events.length === 1 && b.events.length === 1, 5000, 'both replicas');
    for (const events of [a.events, b.events]) {
      expect(events).toEqual([
        { type: 'message', message: { kind: 'key-revoked', key_id: 'key_123' }, epoch },
      ]);
    }
    expect(await busA.publish({ kind: 'model-aliases' })).toBe(epoch + 1);
  });

  it('keeps prefixes apart: another service prefix hears nothing', async () => {
    const a = await replica(prefix);
    const otherPrefix = uniqueRedisPrefix('bus:');
    const other = await replica(otherPrefix);
    contexts.push(a.app, other.app);
    await untilListening(a.app.get(CacheInvalidationBus));
    await untilListening(other.app.get(CacheInvalidationBus));
    await a.app.get(CacheInvalidationBus).publish({ kind: 'presets', team_id: 't1' });
    await waitFor(() => a.events.length === 1, 5000, 'own message');
    expect(other.events).toEqual([]);
    await deleteRedisPrefix(redisUrl, otherPrefix);
  });

  it('flushes everything when an epoch is skipped (a message was lost)', async () => {
    const a = await replica(prefix);
    contexts.push(a.app);
    const bus = a.app.get(CacheInvalidationBus);
    await untilListening(bus);

    // A publisher that bumped the epoch but whose PUBLISH never arrived.
    const raw = new Redis(redisUrl, { keyPrefix: prefix });
    await raw.incr('cache-invalidate:epoch');
    raw.disconnect();

    const epoch = await bus.publish({ kind: 'model-aliases' });
    await waitFor(() => a.events.length === 2, 5000, 'flush and message');
    expect(a.events).toEqual([
      { type: 'flush-all', reason: 'epoch-gap' },
      { type: 'message', message: { kind: 'model-aliases' }, epoch },
    ]);
  });

  it('flushes everything after reconnecting when messages were published while it was away', async () => {
    const redis = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const flaky = await replica(prefix, `redis://127.0.0.1:${proxy.port}`);
    const steady = createRedisConnection({
      url: redisUrl,
      prefix,
      connectionName: 'bus-spec:publisher',
    });
    contexts.push(flaky.app);
    try {
      const flakyBus = flaky.app.get(CacheInvalidationBus);
      await untilListening(flakyBus);

      await proxy.cut();
      const publisher = new CacheInvalidationBus({
        commands: steady,
        subscriber: createRedisConnection({
          url: redisUrl,
          prefix,
          connectionName: 'bus-spec:unused',
        }),
        channel: `${prefix}cache-invalidate`,
      });
      await publisher.publish({ kind: 'key-revoked', key_id: 'missed-1' });
      await publisher.publish({ kind: 'key-revoked', key_id: 'missed-2' });
      await publisher.stop();
      expect(flaky.events).toEqual([]);

      await proxy.restore();
      await waitFor(() => flaky.events.length > 0, 10_000, 'the reconnect flush');
      expect(flaky.events[0]).toEqual({ type: 'flush-all', reason: 'missed-while-disconnected' });
    } finally {
      await closeRedisConnection(steady);
      await flaky.app.close();
      contexts.pop();
      await proxy.close();
    }
  });

  it('flushes everything when the epoch counter was reset while it was away (Redis restarted)', async () => {
    const redis = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const flaky = await replica(prefix, `redis://127.0.0.1:${proxy.port}`);
    const raw = new Redis(redisUrl, { keyPrefix: prefix });
    contexts.push(flaky.app);
    try {
      const bus = flaky.app.get(CacheInvalidationBus);
      await raw.set('cache-invalidate:epoch', 50);
      await untilListening(bus);
      await proxy.cut();
      await raw.del('cache-invalidate:epoch');
      await raw.eval("return redis.call('INCR', KEYS[1])", 1, 'cache-invalidate:epoch');
      await proxy.restore();
      await waitFor(() => flaky.events.length > 0, 10_000, 'the reconnect flush');
      expect(flaky.events[0]).toEqual({ type: 'flush-all', reason: 'missed-while-disconnected' });
    } finally {
      raw.disconnect();
      await flaky.app.close();
      contexts.pop();
      await proxy.close();
    }
  });

  it('refuses messages without a kind or with their own epoch', async () => {
    const a = await replica(prefix);
    contexts.push(a.app);
    const bus = a.app.get(CacheInvalidationBus);
    await expect(bus.publish({ kind: '' })).rejects.toThrow(/needs a kind/);
    await expect(bus.publish({ kind: 'x', epoch: 5 })).rejects.toThrow(/own epoch/);
  });
});
