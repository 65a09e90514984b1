import { chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';
import { FakeSearxng, startFakeSearxng } from './support/web-search-fake-searxng';
import { usageRowsOf } from './support/web-search-usage-rows';

interface ErrorBody {
  error: { code: string };
}

describe('response cache', () => {
  let proxy: ProxyHarness;
  let searxng: FakeSearxng;
  let base: string;

  beforeAll(async () => {
    searxng = await startFakeSearxng();
    proxy = await startProxy({ RESPONSE_CACHE_TTL_SECONDS: '60', WEB_SEARCH_URL: searxng.url });
    base = proxy.instances[0]!.url;
  });
  afterAll(async () => {
    await searxng.close();
    await proxy.close();
  });

  const calls = (): number => proxy.upstream.seen.length;
  const ask = (content: string): Record<string, unknown> => ({
    model: 'cheap',
    temperature: 0.5,
    messages: [{ role: 'user', content }],
  });

  it('misses, then serves the same answer from the cache, whatever the key order', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    const first = await chat(base, key, ask('cache me'));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-proxy-cache')).toBe('miss');
    const firstBody = await first.text();

    const second = await chat(base, key, ask('cache me'));
    expect(second.status).toBe(200);
    expect(second.headers.get('x-proxy-cache')).toBe('hit');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(firstBody);
    expect(calls()).toBe(before + 1);

    // Same content, keys written in another order: the canonical body is the same.
    const reordered = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"messages":[{"content":"cache me","role":"user"}],"temperature":0.5,"model":"cheap"}',
    });
    expect(reordered.headers.get('x-proxy-cache')).toBe('hit');
    expect(calls()).toBe(before + 1);

    // Any other difference is another entry.
    const other = await chat(base, key, { ...ask('cache me'), temperature: 0.6 });
    expect(other.headers.get('x-proxy-cache')).toBe('miss');
    expect(calls()).toBe(before + 2);
  });

  it('bypasses on Cache-Control: no-cache, and does not store the fresh answer', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    for (const header of ['no-cache', 'max-age=0, No-Cache', 'no-store']) {
      const response = await chat(base, key, ask('fresh please'), { 'cache-control': header });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-proxy-cache')).toBe('bypass');
    }
    expect(calls()).toBe(before + 3);
    const next = await chat(base, key, ask('fresh please'));
    expect(next.headers.get('x-proxy-cache')).toBe('miss');
    expect(calls()).toBe(before + 4);
  });

  it('never serves one team the answer of another, but shares it within a team', async () => {
    const a = await mintKey(base, { team_id: 'team-iso-a' });
    const a2 = await mintKey(base, { team_id: 'team-iso-a' });
    const b = await mintKey(base, { team_id: 'team-iso-b' });
    const teamless = await mintKey(base);
    const teamless2 = await mintKey(base);
    const before = calls();
    expect((await chat(base, a.key, ask('isolation'))).headers.get('x-proxy-cache')).toBe('miss');
    expect((await chat(base, b.key, ask('isolation'))).headers.get('x-proxy-cache')).toBe('miss');
    expect((await chat(base, a2.key, ask('isolation'))).headers.get('x-proxy-cache')).toBe('hit');
    // Keys without a team each have their own entries.
    expect((await chat(base, teamless.key, ask('isolation'))).headers.get('x-proxy-cache')).toBe(
      'miss',
    );
    expect((await chat(base, teamless2.key, ask('isolation'))).headers.get('x-proxy-cache')).toBe(
      'miss',
    );
    expect(calls()).toBe(before + 4);
  });

  it('records a hit as a usage row at zero cost, and counts it against rpm', async () => {
    const { id, key } = await mintKey(base, { team_id: 'team-rpm', rpm: 2 });
    const miss = await chat(base, key, ask('rpm'), { 'X-Session-Id': 'cache-session' });
    expect(miss.headers.get('x-proxy-cache')).toBe('miss');
    const hit = await chat(base, key, ask('rpm'), { 'X-Session-Id': 'cache-session' });
    expect(hit.headers.get('x-proxy-cache')).toBe('hit');
    expect(hit.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const refused = await chat(base, key, ask('rpm'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('rate_limit_exceeded');

    const rows = await usageRowsOf(proxy.resources.database.url, id, 2);
    expect(rows).toHaveLength(2);
    const hitRow = rows.find((r) => r['upstream_latency_ms'] === null)!;
    const missRow = rows.find((r) => r['upstream_latency_ms'] !== null)!;
    expect(hitRow).toMatchObject({
      session_id: 'cache-session',
      requested_model: 'cheap',
      resolved_model: 'cheap',
      status: 200,
      prompt_tokens: 0,
      completion_tokens: 0,
      cost_micro_usd: '0',
      surcharge_micro_usd: '0',
    });
    expect(Number(missRow['cost_micro_usd'])).toBeGreaterThan(0);
    expect(hitRow['last_user_hash']).toBe(missRow['last_user_hash']);
  });

  it('never caches streaming requests', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    for (let i = 0; i < 2; i += 1) {
      const response = await chat(base, key, { ...ask('stream me'), stream: true });
      expect(response.headers.get('x-proxy-cache')).toBe('bypass');
      expect((await response.text()).trim().endsWith('data: [DONE]')).toBe(true);
    }
    expect(calls()).toBe(before + 2);
  });

  it('never serves or stores plugin requests', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    const body = { ...ask('plugin'), plugins: [{ id: 'web' }] };
    for (let i = 0; i < 2; i += 1) {
      const response = await chat(base, key, body);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-proxy-cache')).toBe('bypass');
    }
    const online = await chat(base, key, { ...ask('plugin'), model: 'cheap:online' });
    expect(online.headers.get('x-proxy-cache')).toBe('bypass');
    expect(calls()).toBe(before + 3);
  });

  it('stores only successful answers', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    for (let i = 0; i < 2; i += 1) {
      const response = await chat(base, key, { ...ask('broken'), model: 'upstream-500' });
      expect(response.status).toBe(500);
      expect(response.headers.get('x-proxy-cache')).toBe('miss');
    }
    expect(calls()).toBe(before + 2);
  });

  it('is off (no header, no cache) with RESPONSE_CACHE_TTL_SECONDS=0', async () => {
    const off = await proxy.startInstance({ RESPONSE_CACHE_TTL_SECONDS: '0' });
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = calls();
    for (let i = 0; i < 2; i += 1) {
      const response = await chat(off.url, key, ask('uncached'));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-proxy-cache')).toBeNull();
    }
    expect(calls()).toBe(before + 2);
  });
});
