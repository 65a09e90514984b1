import { KeyCache } from './key-cache';
import { VirtualKey } from './virtual-key';

const key = (id: string, revoked = false): VirtualKey => ({
  id,
  teamId: null,
  alias: id,
  keyPrefix: 'sk-proxy-abcdef',
  allowedModels: null,
  expiresAt: null,
  rpm: null,
  tpm: null,
  monthlyBudgetMicroUsd: null,
  metadata: {},
  createdAt: new Date(0),
  revokedAt: revoked ? new Date(1) : null,
  lastUsedAt: null,
});

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('KeyCache', () => {
  it('serves from memory until the TTL passes, then loads again', async () => {
    let now = 1000;
    const cache = new KeyCache(500, () => now);
    const load = jest.fn(async () => key('k1'));
    await cache.get('h1', load);
    await cache.get('h1', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 501;
    await cache.get('h1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent lookups of the same hash', async () => {
    const cache = new KeyCache(1000);
    const gate = deferred<VirtualKey | null>();
    const load = jest.fn(() => gate.promise);
    const both = Promise.all([cache.get('h1', load), cache.get('h1', load)]);
    gate.resolve(key('k1'));
    expect((await both).map((k) => k?.id)).toEqual(['k1', 'k1']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never writes back a lookup that was running when the key was revoked', async () => {
    const cache = new KeyCache(60_000);
    const staleRead = deferred<VirtualKey | null>();
    const first = cache.get('h1', () => staleRead.promise);
    cache.invalidateKey('k1'); // the revocation arrives while the database read is in flight
    staleRead.resolve(key('k1')); // the read saw the key before it was revoked
    expect((await first)?.revokedAt).toBeNull();
    const fresh = await cache.get('h1', async () => key('k1', true));
    expect(fresh?.revokedAt).not.toBeNull();
  });

  it('drops a cached key on invalidation and everything on clear', async () => {
    const cache = new KeyCache(60_000);
    await cache.get('h1', async () => key('k1'));
    await cache.get('h2', async () => key('k2'));
    cache.invalidateKey('k1');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('caches unknown keys too, and does not cache failures', async () => {
    const cache = new KeyCache(60_000);
    const load = jest.fn(async () => null);
    expect(await cache.get('nope', load)).toBeNull();
    expect(await cache.get('nope', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(cache.get('boom', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('boom', async () => key('k3'))).toMatchObject({ id: 'k3' });
  });
});
