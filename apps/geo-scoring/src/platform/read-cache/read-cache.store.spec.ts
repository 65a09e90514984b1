import { CachedAnswer, ReadCacheStore } from './read-cache.store';

const answer = (body: string): CachedAnswer => ({
  body,
  etag: `W/"${body}"`,
  contentType: 'application/json; charset=utf-8',
});

/** A computation the test settles by hand. */
function deferred(): { promise: Promise<CachedAnswer>; resolve(a: CachedAnswer): void } {
  let resolve!: (a: CachedAnswer) => void;
  const promise = new Promise<CachedAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ReadCacheStore', () => {
  it('shares one computation between concurrent misses and stores its answer', async () => {
    const store = new ReadCacheStore(10, 60_000);
    const work = deferred();
    let runs = 0;
    const compute = (): Promise<CachedAnswer> => {
      runs += 1;
      return work.promise;
    };
    const first = store.fill('k', compute);
    const second = store.fill('k', compute);
    expect([first.leader, second.leader]).toEqual([true, false]);
    work.resolve(answer('a'));
    expect(await Promise.all([first.answer, second.answer])).toEqual([answer('a'), answer('a')]);
    expect(runs).toBe(1);
    expect(store.get('k')).toEqual(answer('a'));
  });

  it('stores nothing for a failed computation, and the next miss computes again', async () => {
    const store = new ReadCacheStore(10, 60_000);
    const failed = store.fill('k', () => Promise.reject(new Error('404')));
    await expect(failed.answer).rejects.toThrow('404');
    expect(store.get('k')).toBeUndefined();
    expect(store.fill('k', () => Promise.resolve(answer('b'))).leader).toBe(true);
  });

  it('never stores an answer computed across a clear(), and lets a new computation start', async () => {
    const store = new ReadCacheStore(10, 60_000);
    const before = deferred();
    const old = store.fill('k', () => before.promise);
    store.clear();
    const fresh = store.fill('k', () => Promise.resolve(answer('new')));
    expect(fresh.leader).toBe(true);
    await fresh.answer;
    before.resolve(answer('old'));
    expect(await old.answer).toEqual(answer('old'));
    expect(store.get('k')).toEqual(answer('new'));
  });

  it('evicts the least recently used entry past maxEntries', async () => {
    const store = new ReadCacheStore(2, 60_000);
    await store.fill('a', () => Promise.resolve(answer('a'))).answer;
    await store.fill('b', () => Promise.resolve(answer('b'))).answer;
    store.get('a');
    await store.fill('c', () => Promise.resolve(answer('c'))).answer;
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual([
      answer('a'),
      undefined,
      answer('c'),
    ]);
  });

  it('drops an entry older than the TTL', async () => {
    let now = 0;
    const store = new ReadCacheStore(10, 1_000, () => now);
    await store.fill('k', () => Promise.resolve(answer('k'))).answer;
    now = 999;
    expect(store.get('k')).toEqual(answer('k'));
    now = 1_000;
    expect(store.get('k')).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
