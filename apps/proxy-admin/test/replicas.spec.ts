import { CacheInvalidationBus } from '@platform/redis';
import { FixedClock } from '@platform/clock';
import { startTcpProxy } from '@platform/testing';
import Redis from 'ioredis';
import { FAKE_PROMPT_TOKENS, fakeCompletionTokens } from './support/fake-openai';
import {
  adminFetch,
  chat,
  mintKey,
  PRICES,
  ProxyHarness,
  startProxy,
  waitForSettledSpend,
} from './support/proxy-harness';

const CACHE_TTL_MS = 3000;

interface ErrorBody {
  error: { code: string };
}

describe('limits and revocation across two replicas on one database and Redis', () => {
  let proxy: ProxyHarness;
  let a: string;
  let b: string;

  beforeAll(async () => {
    proxy = await startProxy({ KEY_CACHE_TTL_MS: String(CACHE_TTL_MS) }, 2);
    a = proxy.instances[0]!.url;
    b = proxy.instances[1]!.url;
  });
  afterAll(() => proxy.close());

  it('refuses a key revoked through A on the very next request to B', async () => {
    const { id, key } = await mintKey(a);
    // B has the key cached as active.
    expect((await chat(b, key, { model: 'cheap' })).status).toBe(200);
    expect((await adminFetch(a, `/admin/keys/${id}`, { method: 'DELETE' })).status).toBe(200);
    const next = await chat(b, key, { model: 'cheap' });
    expect(next.status).toBe(401);
    expect(((await next.json()) as ErrorBody).error.code).toBe('key_revoked');
  });

  it('with B cut off from pub/sub, refuses a revoked key through the Redis marker at once', async () => {
    const lone = await proxy.startInstance();
    await lone.app.get(CacheInvalidationBus).stop(); // this replica hears no invalidation
    const { id, key } = await mintKey(a);
    expect((await chat(lone.url, key, { model: 'cheap' })).status).toBe(200);
    expect((await adminFetch(a, `/admin/keys/${id}`, { method: 'DELETE' })).status).toBe(200);
    // Its cache still holds the key as active, but the limiter reads the revocation marker.
    const next = await chat(lone.url, key, { model: 'cheap' });
    expect(next.status).toBe(401);
    expect(((await next.json()) as ErrorBody).error.code).toBe('key_revoked');
  });

  it('without the bus and without the marker, serves a cached key until KEY_CACHE_TTL_MS, then refuses it', async () => {
    const clock = proxy.clock as FixedClock;
    const lone = await proxy.startInstance();
    await lone.app.get(CacheInvalidationBus).stop();
    const { id, key } = await mintKey(a);
    expect((await chat(lone.url, key, { model: 'cheap' })).status).toBe(200); // cached now
    expect((await adminFetch(a, `/admin/keys/${id}`, { method: 'DELETE' })).status).toBe(200);
    // The marker is gone (expired, or Redis lost it): only the cache's TTL is left.
    const redis = new Redis(proxy.resources.redisUrl, { keyPrefix: proxy.resources.redisPrefix });
    try {
      expect(await redis.del(`revoked:${id}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
    clock.advance(CACHE_TTL_MS - 1);
    expect((await chat(lone.url, key, { model: 'cheap' })).status).toBe(200);
    clock.advance(1);
    const refused = await chat(lone.url, key, { model: 'cheap' });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('key_revoked');
  });

  it('answers 503 revocation_incomplete when Redis cannot take the marker, and the key stays revoked', async () => {
    const redisUrl = new URL(proxy.resources.redisUrl);
    const cut = await startTcpProxy({
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
    });
    const isolated = await proxy.startInstance({ REDIS_URL: `redis://127.0.0.1:${cut.port}` });
    try {
      const { id } = await mintKey(a);
      await cut.cut();
      const response = await adminFetch(isolated.url, `/admin/keys/${id}`, { method: 'DELETE' });
      expect(response.status).toBe(503);
      expect(((await response.json()) as ErrorBody).error.code).toBe('revocation_incomplete');
      // The database already says revoked; a retry through a healthy replica completes it.
      const [row] = (await proxy.db.query(
        'SELECT revoked_at IS NOT NULL AS revoked FROM virtual_keys WHERE id = $1',
        [id],
      )) as { revoked: boolean }[];
      expect(row!.revoked).toBe(true);
      expect((await adminFetch(a, `/admin/keys/${id}`, { method: 'DELETE' })).status).toBe(200);
    } finally {
      await cut.close();
    }
  });

  it('counts rpm across replicas: the sixth request in the minute is 429 wherever it lands', async () => {
    const { key } = await mintKey(a, { rpm: 5 });
    const answers: Response[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await chat(i % 2 ? a : b, key, { model: 'cheap' }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining-requests'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    for (const target of [a, b]) {
      const sixth = await chat(target, key, { model: 'cheap' });
      expect(sixth.status).toBe(429);
      expect(((await sixth.json()) as ErrorBody).error.code).toBe('rate_limit_exceeded');
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(sixth.headers.get('x-ratelimit-limit-requests')).toBe('5');
      expect(sixth.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    }
  });

  it('reserves tokens against tpm before dispatch and settles them with the reported usage', async () => {
    // Each request reserves its prompt estimate + max_tokens (30); the upstream reports 8 + 30.
    const { key } = await mintKey(a, { tpm: 100 });
    const first = await chat(a, key, { model: 'cheap', max_tokens: 30 });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-tokens')).toBe('100');
    const second = await chat(b, key, { model: 'cheap', max_tokens: 30 });
    expect(second.status).toBe(200);
    // 2 x 38 used; a third request's reservation (estimate + 30) does not fit in 100.
    const third = await chat(a, key, { model: 'cheap', max_tokens: 30 });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
    expect(Number(third.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(40);
    // A request that fits what is left still passes.
    expect((await chat(b, key, { model: 'cheap', max_tokens: 1 })).status).toBe(200);
  });

  it('holds a budget under 20 concurrent requests: overshoot at most one request’s worst case', async () => {
    const maxTokens = 50;
    // Worst case per request: prompt estimate (< 20 tokens) at 100 + 50 completion tokens at 200.
    const worstCaseMicro = 20 * PRICES.pricey.input + maxTokens * PRICES.pricey.output;
    const budgetUsd = 0.05;
    const { id, key } = await mintKey(a, { monthly_budget_usd: budgetUsd });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        chat(i % 2 ? a : b, key, { model: 'pricey', max_tokens: maxTokens }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(((await r.json()) as ErrorBody).error.code).toBe('budget_exceeded');

    // Settles run behind the responses; each admitted request ends at its real cost.
    const spent = await waitForSettledSpend(
      proxy,
      id,
      statuses.filter((s) => s === 200).length *
        (FAKE_PROMPT_TOKENS * PRICES.pricey.input +
          fakeCompletionTokens({ max_tokens: maxTokens }) * PRICES.pricey.output),
      'every reservation to be settled',
    );
    expect(spent).toBeLessThanOrEqual(budgetUsd * 1_000_000 + worstCaseMicro);
    const listed = (await (await adminFetch(a, '/admin/keys?limit=200')).json()) as {
      data: { id: string; month_to_date_spend_usd: number }[];
    };
    expect(listed.data.find((k) => k.id === id)!.month_to_date_spend_usd).toBeLessThanOrEqual(
      budgetUsd + worstCaseMicro / 1e6,
    );
  });

  it('keeps counting when the spend is settled from a stream', async () => {
    const { id, key } = await mintKey(a);
    const response = await chat(b, key, { model: 'cheap', stream: true, max_tokens: 7 });
    await response.text();
    await waitForSettledSpend(
      proxy,
      id,
      8 * PRICES.cheap.input + 7 * PRICES.cheap.output,
      'the streamed request to be settled at its reported usage',
    );
  });
});
