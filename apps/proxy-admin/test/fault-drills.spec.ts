// Fault drills on real processes' dependencies: Redis taken away from one replica (a TCP relay
// cut) under client traffic, and brought back without a restart.
import { startTcpProxy, type TcpProxy, waitFor } from '@platform/testing';
import { chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';

interface OpenAiErrorBody {
  error: { code: string };
}

describe('fault drills: Redis away from a proxy replica', () => {
  let proxy: ProxyHarness;
  let relay: TcpProxy;
  let strict: string;
  let lenient: string;

  beforeAll(async () => {
    proxy = await startProxy();
    const redis = new URL(proxy.resources.redisUrl);
    relay = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const through = `redis://127.0.0.1:${relay.port}`;
    strict = (await proxy.startInstance({ REDIS_URL: through })).url;
    lenient = (await proxy.startInstance({ REDIS_URL: through, LIMITS_FAIL_OPEN: 'true' })).url;
  });
  afterAll(async () => {
    await proxy.close();
    await relay.close();
  });

  it('answers 503 limits_unavailable with Retry-After at once, fails open only where allowed, and recovers', async () => {
    const base = proxy.instances[0]!.url;
    const plain = await mintKey(base, { rpm: 100 });
    const budgeted = await mintKey(base, { monthly_budget_usd: 10 });
    expect((await chat(strict, plain.key, { model: 'cheap' })).status).toBe(200);

    await relay.cut();
    const refused = await chat(strict, plain.key, { model: 'cheap' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as OpenAiErrorBody).error.code).toBe('limits_unavailable');

    // LIMITS_FAIL_OPEN: rpm/tpm go uncounted and are reported; budgets still fail closed.
    expect((await chat(lenient, plain.key, { model: 'cheap' })).status).toBe(200);
    const budget = await chat(lenient, budgeted.key, { model: 'cheap' });
    expect(budget.status).toBe(503);
    const metrics = await (await fetch(`${lenient}/metrics`)).text();
    expect(metrics).toMatch(/^proxy_limits_failopen_total(\{[^}]*\})? [1-9]/m);

    await relay.restore();
    await waitFor(
      async () => (await chat(strict, plain.key, { model: 'cheap' })).status === 200,
      10_000,
      'the replica to serve again once Redis is back',
    );
  });
});
