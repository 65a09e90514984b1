import { adminFetch, ProxyHarness, startProxy } from './support/proxy-harness';
import {
  ErrorBody,
  PRESETS_ENV,
  presetFetch,
  sessionFor,
  snapshot,
} from './support/presets-session';

describe('preset routes: input validation and authentication', () => {
  let proxy: ProxyHarness;
  let base: string;
  let teamA: string;

  const call = (token: string | null, path: string, method = 'GET', body?: unknown) =>
    presetFetch(base, token, path, method, body);
  const create = (token: string, slug: string, overrides: Record<string, unknown> = {}) =>
    call(token, '/api/presets', 'POST', { slug, ...snapshot(overrides) });

  beforeAll(async () => {
    proxy = await startProxy(PRESETS_ENV);
    base = proxy.instances[0]!.url;
    teamA = await sessionFor('team-a');
    expect((await create(teamA, 'support-bot')).status).toBe(201);
  });
  afterAll(() => proxy.close());

  it('validates slug and version before any lookup', async () => {
    for (const slug of ['Upper', '-leading', 'a_b', 'a'.repeat(65), 'sp%20ace']) {
      const response = await call(teamA, `/api/presets/${slug}/versions`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('invalid_slug');
    }
    expect((await call(teamA, `/api/presets/${'a'.repeat(64)}`)).status).toBe(404);
    const badCreate = await create(teamA, 'Bad Slug');
    expect(((await badCreate.json()) as ErrorBody).error.code).toBe('invalid_slug');
    for (const version of ['2147483648', '-2147483649', '1.5', 'abc', '1e3', '01', '99999999999']) {
      const response = await call(teamA, `/api/presets/never-existed/versions/${version}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('invalid_version');
    }
    // In range but not a stored version: a lookup, then 404.
    for (const version of ['2147483647', '0', '-1']) {
      const response = await call(teamA, `/api/presets/support-bot/versions/${version}`);
      expect(response.status).toBe(404);
    }
    // A malformed slug wins over a malformed version.
    const both = await call(teamA, '/api/presets/BAD/versions/2147483648');
    expect(((await both.json()) as ErrorBody).error.code).toBe('invalid_slug');
  });

  it('validates the snapshot body with field details', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...snapshot(), model: undefined }, 'model'],
      [snapshot({ model: 42 }), 'model'],
      [snapshot({ params: [1, 2] }), 'params'],
      [snapshot({ params: 'hot' }), 'params'],
      [snapshot({ params: { messages: [] } }), 'params'],
      [snapshot({ params: { blob: 'x'.repeat(17_000) } }), 'params'],
      [snapshot({ system_prompt: 7 }), 'system_prompt'],
      [snapshot({ system_prompt: 'x'.repeat(32_769) }), 'system_prompt'],
      [snapshot({ provider_preferences: 'fast' }), 'provider_preferences'],
      [snapshot({ surprise: true }), 'surprise'],
    ];
    for (const [body, field] of cases) {
      const response = await call(teamA, '/api/presets/support-bot', 'PUT', body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ErrorBody & {
        error: { details: { field: string }[] };
      };
      expect(error.code).toBe('invalid_request');
      expect(error.details.map((d) => d.field)).toContain(field);
    }
    const unknown = await call(
      teamA,
      '/api/presets/support-bot',
      'PUT',
      snapshot({ model: 'nope' }),
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('unknown_model');
    // Nothing above appended a version.
    const { data } = (await (await call(teamA, '/api/presets/support-bot/versions')).json()) as {
      data: unknown[];
    };
    expect(data).toHaveLength(1);
  });

  it('answers 401 without a session, with a bad one, and to an admin token', async () => {
    for (const token of [null, 'not-a-jwt']) {
      const response = await call(token, '/api/presets');
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorBody).error.code).toBe('unauthorized');
    }
    expect((await call(null, '/api/presets', 'POST', { slug: 'x', ...snapshot() })).status).toBe(
      401,
    );
    expect((await adminFetch(base, '/api/presets/support-bot/versions')).status).toBe(401);
  });
});
