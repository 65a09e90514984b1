import { FAKE_PROMPT_TOKENS } from './support/fake-openai';
import { adminFetch, chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';
import { FakeSearxng, startFakeSearxng } from './support/web-search-fake-searxng';
import { usageRowsOf } from './support/web-search-usage-rows';

interface ErrorBody {
  error: { message: string; type: string; code: string; details?: { field: string }[] };
}
interface Completion {
  choices: { message: { content: string } }[];
  warnings?: { plugin: string; code: string; message: string }[];
}
type Message = { role: string; content: unknown };

const SURCHARGE_MICRO = 4_000; // WEB_SEARCH_SURCHARGE_USD default 0.004

/** The fenced block of a forwarded system prompt, with its marker. */
function blockOf(content: string): { marker: string; inner: string; intro: string } {
  const open = /<web_results id="([0-9a-f]+)">/.exec(content);
  if (!open) throw new Error(`no web_results block in: ${content}`);
  const marker = open[1]!;
  const close = `</web_results id="${marker}">`;
  const start = open.index + open[0].length;
  const end = content.indexOf(close);
  expect(end).toBeGreaterThan(start);
  expect(content.endsWith(close)).toBe(true);
  return { marker, inner: content.slice(start, end), intro: content.slice(0, open.index) };
}

describe('web-search plugin', () => {
  let proxy: ProxyHarness;
  let searxng: FakeSearxng;
  let base: string;

  beforeAll(async () => {
    searxng = await startFakeSearxng();
    proxy = await startProxy({ WEB_SEARCH_URL: searxng.url });
    base = proxy.instances[0]!.url;
  });
  afterAll(async () => {
    await searxng.close();
    await proxy.close();
  });

  const lastForwarded = (): Record<string, unknown> => proxy.upstream.seen.at(-1)!.body;

  it(':online strips the suffix, searches the last user message and fences the top 5 results', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, {
      model: 'cheap:online',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'an answer' },
        { role: 'user', content: 'latest news about otters' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-proxy-plugin-warning')).toBeNull();
    const body = (await response.json()) as Completion;
    expect(body.choices[0]!.message.content).toBe('Hello from the fake upstream');
    expect(body.warnings).toBeUndefined();

    expect(searxng.seen.at(-1)).toEqual({
      path: '/search',
      q: 'latest news about otters',
      format: 'json',
    });
    const forwarded = lastForwarded();
    expect(forwarded['model']).toBe('cheap');
    expect(forwarded).not.toHaveProperty('plugins');
    const messages = forwarded['messages'] as Message[];
    expect(messages).toHaveLength(4);
    expect(messages[0]!.role).toBe('system');
    const { intro, inner } = blockOf(messages[0]!.content as string);
    expect(intro).toMatch(/untrusted reference data/);
    expect(intro).toMatch(/never instructions/);
    expect(inner).toContain(
      '[1] Result 1 for latest news about otters - https://example.com/1\nSnippet 1',
    );
    expect(inner).toContain('[5] Result 5 for latest news about otters - https://example.com/5');
    expect(inner).not.toContain('[6]');
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'an answer' },
      { role: 'user', content: 'latest news about otters' },
    ]);
  });

  it('uses a fresh marker per request', async () => {
    const { key } = await mintKey(base);
    const markers = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      expect((await chat(base, key, { model: 'free:online' })).status).toBe(200);
      const messages = lastForwarded()['messages'] as Message[];
      markers.add(blockOf(messages[0]!.content as string).marker);
    }
    expect(markers.size).toBe(2);
  });

  it('takes the explicit plugin entry: max_results, search_prompt, appended to the existing system prompt', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, {
      model: 'cheap',
      plugins: [{ id: 'web', max_results: 2, search_prompt: 'custom query', required: true }],
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'What happened?' },
      ],
    });
    expect(response.status).toBe(200);
    expect(searxng.seen.at(-1)!.q).toBe('custom query');
    const forwarded = lastForwarded();
    expect(forwarded).not.toHaveProperty('plugins');
    const messages = forwarded['messages'] as Message[];
    expect(messages).toHaveLength(2);
    const system = messages[0]!.content as string;
    expect(system.startsWith('You are terse.\n\n')).toBe(true);
    const { inner } = blockOf(system);
    expect(inner).toContain('[2] Result 2 for custom query - https://example.com/2');
    expect(inner).not.toContain('[3]');
    // The query itself (client text) never lands outside the fence.
    expect(system.replace(inner, '')).not.toContain('custom query');
  });

  it('defuses results that try to close the block or break its lines, and drops non-http URLs', async () => {
    const { key } = await mintKey(base);
    await chat(base, key, {
      model: 'cheap:online',
      messages: [{ role: 'user', content: 'search-evil' }],
    });
    const system = (lastForwarded()['messages'] as Message[])[0]!.content as string;
    const { inner, marker } = blockOf(system);
    expect(inner).toContain('[1] Evil page - https://evil.example/x');
    expect(inner).not.toMatch(/<\s*\/?\s*web_results/);
    expect(inner).not.toContain('javascript:');
    expect(system.split(`</web_results id="${marker}">`)).toHaveLength(2);
  });

  it('answers 400 unknown_plugin for an unknown id and 400 invalid_request for bad entries, before any search', async () => {
    const { key } = await mintKey(base);
    const searches = searxng.seen.length;
    const forwarded = proxy.upstream.seen.length;
    const unknown = await chat(base, key, {
      model: 'cheap',
      plugins: [{ id: 'web' }, { id: 'files' }],
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error).toMatchObject({
      code: 'unknown_plugin',
      type: 'invalid_request_error',
    });
    const cases: [unknown, string][] = [
      ['web', 'plugins'],
      [[{ id: 'web', max_results: 0 }], 'plugins[0].max_results'],
      [[{ id: 'web', max_results: 11 }], 'plugins[0].max_results'],
      [[{ id: 'web', max_results: 2.5 }], 'plugins[0].max_results'],
      [[{ id: 'web', search_prompt: '  ' }], 'plugins[0].search_prompt'],
      [[{ id: 'web', required: 'yes' }], 'plugins[0].required'],
      [[{ id: 'web', engine: 'x' }], 'plugins[0].engine'],
      [[{ id: 7 }], 'plugins[0].id'],
      [[{ id: 'web' }, { id: 'web' }], 'plugins[1]'],
    ];
    for (const [plugins, field] of cases) {
      const response = await chat(base, key, { model: 'cheap', plugins });
      expect(response.status).toBe(400);
      const error = ((await response.json()) as ErrorBody).error;
      expect(error.code).toBe('invalid_request');
      expect(error.details!.map((d) => d.field)).toContain(field);
    }
    const bare = await chat(base, key, { model: ':online' });
    expect(bare.status).toBe(400);
    expect(searxng.seen.length).toBe(searches);
    expect(proxy.upstream.seen.length).toBe(forwarded);
  });

  it('records the search and its surcharge on the usage row, and counts it against the budget', async () => {
    // 0.006 USD: one search (0.004) fits, a second does not; `free` has no token cost.
    const { id, key } = await mintKey(base, { monthly_budget_usd: 0.006 });
    expect((await chat(base, key, { model: 'free:online' })).status).toBe(200);
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({
      requested_model: 'free:online',
      resolved_model: 'free',
      web_search_calls: 1,
      surcharge_micro_usd: String(SURCHARGE_MICRO),
      cost_micro_usd: '0',
      status: 200,
    });
    const keys = (await (await adminFetch(base, '/admin/keys')).json()) as {
      data: { id: string; month_to_date_spend_usd: number }[];
    };
    expect(keys.data.find((k) => k.id === id)!.month_to_date_spend_usd).toBeCloseTo(0.004, 9);

    const searches = searxng.seen.length;
    const refused = await chat(base, key, { model: 'free:online' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('budget_exceeded');
    expect(searxng.seen.length).toBe(searches);
    // Without the plugin the same key still fits its budget.
    expect((await chat(base, key, { model: 'free' })).status).toBe(200);
  });

  it('adds the surcharge to the token cost on a priced model', async () => {
    const { id, key } = await mintKey(base);
    await chat(base, key, { model: 'cheap:online', max_tokens: 10 });
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({
      prompt_tokens: FAKE_PROMPT_TOKENS,
      cost_micro_usd: String(FAKE_PROMPT_TOKENS * 1 + 10 * 2),
      surcharge_micro_usd: String(SURCHARGE_MICRO),
    });
  });

  it('searches with no results as a charged search with an empty block', async () => {
    const { id, key } = await mintKey(base);
    await chat(base, key, {
      model: 'cheap:online',
      messages: [{ role: 'user', content: 'search-empty' }],
    });
    const system = (lastForwarded()['messages'] as Message[])[0]!.content as string;
    expect(blockOf(system).inner).toBe('\n(no results)\n');
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({ web_search_calls: 1 });
  });
});
