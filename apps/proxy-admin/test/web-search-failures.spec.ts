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

describe('web-search plugin failures', () => {
  let proxy: ProxyHarness;
  let searxng: FakeSearxng;
  /** Instance with WEB_SEARCH_URL set; instances[0] has none. */
  let base: string;
  let unconfigured: string;

  beforeAll(async () => {
    searxng = await startFakeSearxng();
    proxy = await startProxy();
    unconfigured = proxy.instances[0]!.url;
    base = (await proxy.startInstance({ WEB_SEARCH_URL: searxng.url })).url;
  });
  afterAll(async () => {
    await searxng.close();
    await proxy.close();
  });

  const lastForwarded = (): Record<string, unknown> => proxy.upstream.seen.at(-1)!.body;

  it('answers 502 plugin_required_failed when a required search fails, without calling the upstream', async () => {
    const { id, key } = await mintKey(base, { monthly_budget_usd: 1 });
    const forwarded = proxy.upstream.seen.length;
    for (const query of ['search-500', 'search-notjson']) {
      const response = await chat(base, key, {
        model: 'cheap',
        plugins: [{ id: 'web', required: true, search_prompt: query }],
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({
        code: 'plugin_required_failed',
        type: 'api_error',
      });
    }
    expect(proxy.upstream.seen.length).toBe(forwarded);
    const keys = (await (await adminFetch(base, '/admin/keys')).json()) as {
      data: { id: string; month_to_date_spend_usd: number }[];
    };
    expect(keys.data.find((k) => k.id === id)!.month_to_date_spend_usd).toBe(0);
  });

  it('lets an optional failed search proceed with warnings in the body and the header, uncharged', async () => {
    const { id, key } = await mintKey(base);
    const response = await chat(base, key, {
      model: 'cheap',
      plugins: [{ id: 'web', search_prompt: 'search-500' }],
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-proxy-plugin-warning')).toBe('web_search_failed');
    const body = (await response.json()) as Completion;
    expect(body.choices[0]!.message.content).toBe('Hello from the fake upstream');
    expect(body.warnings).toEqual([
      { plugin: 'web', code: 'web_search_failed', message: expect.stringMatching(/500/) as string },
    ]);
    const forwarded = lastForwarded();
    expect(forwarded).not.toHaveProperty('plugins');
    expect(forwarded['messages']).toEqual([{ role: 'user', content: 'hi' }]);
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({ web_search_calls: 0, surcharge_micro_usd: '0', status: 200 });
  });

  it('sends the warning header on streaming answers too', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, {
      model: 'cheap:online',
      stream: true,
      messages: [{ role: 'user', content: 'search-500 please' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-proxy-plugin-warning')).toBe('web_search_failed');
    expect((await response.text()).trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('fails the plugin when WEB_SEARCH_URL is unset: 502 when required, a warning when optional', async () => {
    const { key } = await mintKey(unconfigured);
    const required = await chat(unconfigured, key, {
      model: 'cheap',
      plugins: [{ id: 'web', required: true }],
    });
    expect(required.status).toBe(502);
    expect(((await required.json()) as ErrorBody).error.code).toBe('plugin_required_failed');

    const optional = await chat(unconfigured, key, { model: 'cheap:online' });
    expect(optional.status).toBe(200);
    expect(optional.headers.get('x-proxy-plugin-warning')).toBe('web_search_unavailable');
    expect(((await optional.json()) as Completion).warnings).toEqual([
      { plugin: 'web', code: 'web_search_unavailable', message: 'Web search is not configured' },
    ]);
  });

  it('gives up on a search after the 5 s deadline (optional: proceeds with web_search_timeout)', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, {
      model: 'cheap:online',
      messages: [{ role: 'user', content: 'search-hang' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-proxy-plugin-warning')).toBe('web_search_timeout');
    expect(((await response.json()) as Completion).warnings).toEqual([
      {
        plugin: 'web',
        code: 'web_search_timeout',
        message: 'Web search did not answer within 5000 ms',
      },
    ]);
  }, 20_000);
});
