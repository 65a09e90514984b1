import { FakeOpenAi, startFakeOpenAi, UPSTREAM_KEY } from './support/fake-openai';
import { PRESETS_ENV, presetFetch, sessionFor, snapshot } from './support/presets-session';
import {
  adminFetch,
  chat,
  mintKey,
  MODELS,
  ProxyHarness,
  startProxy,
} from './support/proxy-harness';
import { FakeSearxng, startFakeSearxng } from './support/web-search-fake-searxng';
import { usageRowsOf } from './support/web-search-usage-rows';

interface ErrorBody {
  error: { code: string; type: string; details?: { field: string }[] };
}

describe('client API: presets as models', () => {
  let proxy: ProxyHarness;
  let searxng: FakeSearxng;
  let other: FakeOpenAi;
  let base: string;
  let teamA: string;
  let teamB: string;

  const call = (token: string, path: string, method = 'GET', body?: unknown) =>
    presetFetch(base, token, path, method, body);
  /** Creates (draft v1) and, unless told otherwise, publishes a preset of team A. */
  async function preset(slug: string, overrides: Record<string, unknown> = {}, publish = true) {
    const created = await call(teamA, '/api/presets', 'POST', { slug, ...snapshot(overrides) });
    expect(created.status).toBe(201);
    if (publish)
      expect((await call(teamA, `/api/presets/${slug}/publish`, 'POST')).status).toBe(200);
  }
  const forwarded = (): Record<string, unknown> => proxy.upstream.seen.at(-1)!.body;
  const notFound = async (response: Response): Promise<void> => {
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: 'preset_not_found',
      type: 'not_found_error',
    });
  };

  beforeAll(async () => {
    searxng = await startFakeSearxng();
    other = await startFakeOpenAi();
    proxy = await startProxy({
      ...PRESETS_ENV,
      WEB_SEARCH_URL: searxng.url,
      RESPONSE_CACHE_TTL_SECONDS: '60',
    });
    base = proxy.instances[0]!.url;
    teamA = await sessionFor('team-a');
    teamB = await sessionFor('team-b');
  });
  afterAll(async () => {
    await searxng.close();
    await other.close();
    await proxy.close();
  });

  it('applies the model, params (request values win) and system prompt, and records slug and version', async () => {
    await preset('bot', {
      params: { temperature: 0.2, max_tokens: 7, top_p: 0.5 },
      system_prompt: 'You are terse.',
    });
    const { id, key } = await mintKey(base, { team_id: 'team-a' });
    const response = await chat(base, key, {
      model: '@preset/bot',
      temperature: 0.9,
      messages: [
        { role: 'system', content: 'Client system.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(response.status).toBe(200);
    expect(forwarded()).toEqual({
      model: 'cheap',
      temperature: 0.9,
      max_tokens: 7,
      top_p: 0.5,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'system', content: 'Client system.' },
        { role: 'user', content: 'hi' },
      ],
    });
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({
      requested_model: '@preset/bot',
      resolved_model: 'cheap',
      preset_slug: 'bot',
      preset_version: 1,
      completion_tokens: 7,
      status: 200,
    });
  });

  it('serves the latest published version, or a pinned one', async () => {
    await preset('pinned', { system_prompt: 'v1 prompt' });
    const put = await call(
      teamA,
      '/api/presets/pinned',
      'PUT',
      snapshot({ model: 'pricey', system_prompt: 'v2 prompt' }),
    );
    expect(put.status).toBe(200);
    expect((await call(teamA, '/api/presets/pinned/publish', 'POST')).status).toBe(200);
    const { id, key } = await mintKey(base, { team_id: 'team-a' });

    expect((await chat(base, key, { model: '@preset/pinned' })).status).toBe(200);
    expect(forwarded()['model']).toBe('pricey');
    expect((forwarded()['messages'] as { content: string }[])[0]!.content).toBe('v2 prompt');

    expect((await chat(base, key, { model: '@preset/pinned@1' })).status).toBe(200);
    expect(forwarded()['model']).toBe('cheap');
    expect((forwarded()['messages'] as { content: string }[])[0]!.content).toBe('v1 prompt');

    await notFound(await chat(base, key, { model: '@preset/pinned@9' }));
    const rows = await usageRowsOf(proxy.resources.database.url, id, 2);
    expect(rows.map((r) => [r['requested_model'], r['preset_version']]).sort()).toEqual([
      ['@preset/pinned', 2],
      ['@preset/pinned@1', 1],
    ]);
  });

  it("answers 404 preset_not_found for draft, disabled, deleted, unknown and other teams' presets", async () => {
    await preset('lifecycle', {}, false);
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const before = proxy.upstream.seen.length;
    await notFound(await chat(base, key, { model: '@preset/lifecycle' }));
    expect((await call(teamA, '/api/presets/lifecycle/publish', 'POST')).status).toBe(200);
    expect((await chat(base, key, { model: '@preset/lifecycle' })).status).toBe(200);
    expect((await call(teamA, '/api/presets/lifecycle/disable', 'POST')).status).toBe(200);
    await notFound(await chat(base, key, { model: '@preset/lifecycle' }));
    expect((await call(teamA, '/api/presets/lifecycle/publish', 'POST')).status).toBe(200);
    expect((await call(teamA, '/api/presets/lifecycle', 'DELETE')).status).toBe(200);
    await notFound(await chat(base, key, { model: '@preset/lifecycle' }));
    await notFound(await chat(base, key, { model: '@preset/never-made' }));

    await preset('team-a-only');
    const b = await mintKey(base, { team_id: 'team-b' });
    await notFound(await chat(base, b.key, { model: '@preset/team-a-only' }));
    const teamless = await mintKey(base);
    await notFound(await chat(base, teamless.key, { model: '@preset/team-a-only' }));
    expect(proxy.upstream.seen.length).toBe(before + 1);

    // Team B's own preset of the same slug is B's alone.
    const own = await presetFetch(base, teamB, '/api/presets', 'POST', {
      slug: 'team-a-only',
      ...snapshot({ model: 'pricey' }),
    });
    expect(own.status).toBe(201);
    expect(
      (await presetFetch(base, teamB, '/api/presets/team-a-only/publish', 'POST')).status,
    ).toBe(200);
    expect((await chat(base, b.key, { model: '@preset/team-a-only' })).status).toBe(200);
    expect(forwarded()['model']).toBe('pricey');
    expect((await chat(base, key, { model: '@preset/team-a-only' })).status).toBe(200);
    expect(forwarded()['model']).toBe('cheap');
  });

  it('answers 400 for a malformed @preset/ model, before any lookup', async () => {
    const { key } = await mintKey(base, { team_id: 'team-a' });
    for (const model of [
      '@preset/',
      '@preset/Bad',
      '@preset/-x',
      '@preset/x@',
      '@preset/x@01',
      '@preset/x@-1',
      '@preset/x@2147483648',
      '@preset/x@1@2',
      `@preset/${'a'.repeat(65)}`,
    ]) {
      const response = await chat(base, key, { model });
      expect(response.status).toBe(400);
      const error = ((await response.json()) as ErrorBody).error;
      expect(error.code).toBe('invalid_request');
      expect(error.details!.map((d) => d.field)).toEqual(['model']);
    }
    await notFound(await chat(base, key, { model: '@preset/x@2147483647' }));
  });

  it('checks allowed_models against the preset name or the model it serves', async () => {
    await preset('allowed');
    const byPreset = await mintKey(base, {
      team_id: 'team-a',
      allowed_models: ['@preset/allowed'],
    });
    expect((await chat(base, byPreset.key, { model: '@preset/allowed' })).status).toBe(200);
    const byModel = await mintKey(base, { team_id: 'team-a', allowed_models: ['cheap'] });
    expect((await chat(base, byModel.key, { model: '@preset/allowed' })).status).toBe(200);
    const neither = await mintKey(base, { team_id: 'team-a', allowed_models: ['pricey'] });
    const denied = await chat(base, neither.key, { model: '@preset/allowed' });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as ErrorBody).error.code).toBe('model_not_allowed');
  });

  it('resolves a preset model that is an alias, and :online adds the search to the preset prompt', async () => {
    const alias = await adminFetch(base, '/admin/model-aliases/preset-fast', {
      method: 'PUT',
      body: JSON.stringify({ model: 'free' }),
    });
    expect(alias.status).toBe(200);
    await preset('aliased', { model: 'preset-fast', system_prompt: 'Preset prompt.' });
    const { id, key } = await mintKey(base, { team_id: 'team-a' });
    const response = await chat(base, key, { model: '@preset/aliased:online' });
    expect(response.status).toBe(200);
    expect(forwarded()['model']).toBe('free');
    const messages = forwarded()['messages'] as { role: string; content: string }[];
    expect(messages).toHaveLength(2);
    expect(messages[0]!.content).toMatch(/^Preset prompt\.\n\n.*\n<web_results id="[0-9a-f]+">/s);
    const [row] = await usageRowsOf(proxy.resources.database.url, id, 1);
    expect(row).toMatchObject({
      preset_slug: 'aliased',
      web_search_calls: 1,
      resolved_model: 'free',
    });
  });

  it("routes by the preset's provider preferences (order of upstream names)", async () => {
    const instance = await proxy.startInstance({
      UPSTREAMS: JSON.stringify([
        { name: 'fake', base_url: proxy.upstream.baseUrl, api_key: UPSTREAM_KEY, models: MODELS },
        { name: 'other', base_url: other.baseUrl, api_key: UPSTREAM_KEY, models: ['cheap'] },
      ]),
    });
    await preset('routed', { provider_preferences: { order: ['other'] } });
    await preset('strict', {
      model: 'pricey',
      provider_preferences: { order: ['other'], allow_fallbacks: false },
    });
    const { key } = await mintKey(base, { team_id: 'team-a' });
    expect((await chat(instance.url, key, { model: '@preset/routed' })).status).toBe(200);
    expect(other.seen).toHaveLength(1);
    expect((await chat(instance.url, key, { model: 'cheap' })).status).toBe(200);
    expect(other.seen).toHaveLength(1);
    const strict = await chat(instance.url, key, { model: '@preset/strict' });
    expect(strict.status).toBe(404);
    expect(((await strict.json()) as ErrorBody).error.code).toBe('model_not_found');
  });

  it('keys the response cache by preset version', async () => {
    await preset('cached');
    const { key } = await mintKey(base, { team_id: 'team-a' });
    const ask = { model: '@preset/cached', messages: [{ role: 'user', content: 'cache' }] };
    expect((await chat(base, key, ask)).headers.get('x-proxy-cache')).toBe('miss');
    expect((await chat(base, key, ask)).headers.get('x-proxy-cache')).toBe('hit');
    const put = await call(
      teamA,
      '/api/presets/cached',
      'PUT',
      snapshot({ system_prompt: 'New.' }),
    );
    expect(put.status).toBe(200);
    expect((await chat(base, key, ask)).headers.get('x-proxy-cache')).toBe('miss');
    expect((forwarded()['messages'] as { content: string }[])[0]!.content).toBe('New.');
    expect((await chat(base, key, ask)).headers.get('x-proxy-cache')).toBe('hit');
  });
});
