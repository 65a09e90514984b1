import { mintSessionToken } from '@platform/auth';
import { LogCapture, startTestApp, TEST_NOW } from '@platform/testing';
import { createApp } from '../src/create-app';
import {
  DashboardClient,
  dashboardClient,
  expectError,
  sessionToken,
} from './support/dashboard-client';
import { geoForFile } from './support/geo-harness';

interface SavedSearch {
  id: string;
  name: string;
  filter: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

const file = geoForFile();
let ada: DashboardClient;
let bob: DashboardClient;

/** A filter whose JSON is exactly `bytes` bytes long. */
function filterOfBytes(bytes: number): Record<string, unknown> {
  const filter = { q: 'x'.repeat(bytes - 8) };
  expect(Buffer.byteLength(JSON.stringify(filter))).toBe(bytes);
  return filter;
}

beforeAll(async () => {
  const url = file.geo.instances[0]!.url;
  ada = await dashboardClient(url, 'user-ada');
  bob = await dashboardClient(url, 'user-bob');
});

beforeEach(async () => {
  file.geo.clock.set(TEST_NOW);
  await file.geo.db.query('DELETE FROM saved_searches');
});

describe('saved searches: authentication', () => {
  const routes: [string, string][] = [
    ['GET', '/api/saved-searches'],
    ['POST', '/api/saved-searches'],
    ['PATCH', '/api/saved-searches?id=00000000-0000-0000-0000-000000000000'],
    ['DELETE', '/api/saved-searches?id=00000000-0000-0000-0000-000000000000'],
  ];

  it.each(routes)('%s %s answers 401 unauthorized without a session', async (method, path) => {
    const reply = await fetch(`${file.geo.instances[0]!.url}${path}`, { method });
    expect(reply.status).toBe(401);
    expectError(await reply.json(), 'unauthorized');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a garbage, expired or foreign-signed token, and a malformed header', async () => {
    const url = `${file.geo.instances[0]!.url}/api/saved-searches`;
    const expired = await sessionToken('user-ada', {
      ttlSeconds: 60,
      issuedAt: '2020-01-01T00:00:00Z',
    });
    const foreign = await mintSessionToken({
      secret: 'another-secret-of-at-least-32-characters',
      sub: 'user-ada',
      ttlSeconds: 3600,
      now: new Date(TEST_NOW),
    });
    const refused = [
      `Bearer ${foreign}`,
      'Bearer not-a-jwt',
      `Bearer ${expired}`,
      'Basic abc',
      'Bearer',
    ];
    for (const authorization of refused) {
      const reply = await fetch(url, { headers: { authorization } });
      expect(reply.status).toBe(401);
      expectError(await reply.json(), 'unauthorized');
    }
  });

  it('answers 503 sessions_disabled to a session when APP_SESSION_SECRET is unset', async () => {
    const config = file.geo.config();
    config.APP_SESSION_SECRET = undefined;
    const bare = await startTestApp(() =>
      createApp(config, { logDestination: new LogCapture(), clock: file.geo.clock }),
    );
    try {
      const withSession = await fetch(`${bare.url}/api/saved-searches`, {
        headers: { authorization: `Bearer ${await sessionToken('user-ada')}` },
      });
      expect(withSession.status).toBe(503);
      expectError(await withSession.json(), 'sessions_disabled');
      expect((await fetch(`${bare.url}/api/saved-searches`)).status).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('accepts the session from the `session` cookie', async () => {
    const token = await sessionToken('user-ada');
    const reply = await fetch(`${file.geo.instances[0]!.url}/api/saved-searches`, {
      headers: { cookie: `theme=dark; session=${token}` },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ saved_searches: [] });
  });
});

describe('saved searches', () => {
  it('creates, lists newest first and keeps the filter as sent', async () => {
    const filter = {
      metros: ['atx', 'bos'],
      composite: { min: 40, max: 90.5 },
      signals: { safety_environment: { min: 60 } },
      sort: { field: 'composite', dir: 'desc' },
      flags: [true, false, null],
    };
    const first = await ada.post<SavedSearch>('/api/saved-searches', {
      name: '  Downtown  ',
      filter,
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Downtown',
      filter,
      created_at: '2026-03-31T23:59:59.000Z',
      updated_at: '2026-03-31T23:59:59.000Z',
    });
    file.geo.clock.advance(1000);
    const second = await ada.post<SavedSearch>('/api/saved-searches', {
      name: 'Suburbs',
      filter: {},
    });
    expect(second.status).toBe(201);
    const list = await ada.get<{ saved_searches: SavedSearch[] }>('/api/saved-searches');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.saved_searches.map((s) => s.name)).toEqual(['Suburbs', 'Downtown']);
    expect(list.body.saved_searches[1]).toEqual(first.body);
  });

  it('keeps names unique per user, case-insensitively; other users may reuse them', async () => {
    expect((await ada.post('/api/saved-searches', { name: 'Core', filter: {} })).status).toBe(201);
    const taken = await ada.post('/api/saved-searches', { name: ' core ', filter: {} });
    expect(taken.status).toBe(409);
    expectError(taken.body, 'saved_search_name_taken');
    expect((await bob.post('/api/saved-searches', { name: 'CORE', filter: {} })).status).toBe(201);
  });

  it('accepts a filter of exactly 8,192 bytes of JSON and refuses 8,193', async () => {
    const fits = await ada.post('/api/saved-searches', {
      name: 'big',
      filter: filterOfBytes(8192),
    });
    expect(fits.status).toBe(201);
    const over = await ada.post('/api/saved-searches', {
      name: 'bigger',
      filter: filterOfBytes(8193),
    });
    expect(over.status).toBe(400);
    expectError(over.body, 'filter_too_large');
  });

  it('refuses bodies that are not a name and a filter object with 400 invalid_request', async () => {
    const bad: unknown[] = [
      { name: 'x' },
      { name: 'x', filter: [1, 2] },
      { name: 'x', filter: null },
      { name: 'x', filter: 'metro=atx' },
      { filter: {} },
      { name: '   ', filter: {} },
      { name: 'x'.repeat(121), filter: {} },
      { name: 42, filter: {} },
      { name: 'x', filter: {}, extra: 1 },
      { name: 'x', filter: { q: 'a\u0000b' } },
      { name: 'line\nbreak', filter: {} },
    ];
    for (const body of bad) {
      const reply = await ada.post('/api/saved-searches', body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expectError(reply.body, 'invalid_request');
      expect((reply.body as { details: unknown[] }).details.length).toBeGreaterThan(0);
    }
    const emoji = await ada.post('/api/saved-searches', { name: '🏙'.repeat(120), filter: {} });
    expect(emoji.status).toBe(201);
    expect(
      (await ada.get<{ saved_searches: unknown[] }>('/api/saved-searches')).body.saved_searches,
    ).toHaveLength(1);
  });

  it('refuses an unpaired surrogate in the filter, which jsonb cannot store', async () => {
    const reply = await ada.fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"s","filter":{"q":"\\ud800"}}',
    });
    expect(reply.status).toBe(400);
    expectError(await reply.json(), 'invalid_request');
  });

  it('refuses a filter nested deeper than 64 levels with 400, never a server error', async () => {
    // Deeper than class-transformer can walk (about 1,500 levels), within 8 KB.
    const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const reply = await ada.fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"deep","filter":{"nest":${deep}}}`,
    });
    expect(reply.status).toBe(400);
    expectError(await reply.json(), 'invalid_request');
  });

  it('stores nested filters and odd keys as sent', async () => {
    // The body is the first level and the filter the second, so 60 more levels stay within 64.
    const nested = `${'['.repeat(60)}${']'.repeat(60)}`;
    for (const [name, filter] of [
      ['nested', `{"nest":${nested}}`],
      ['proto', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'],
      ['empty key', '{"":1,"a b":{"c.d":[null]}}'],
    ]) {
      const reply = await ada.fetch('/api/saved-searches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"name":"${name}","filter":${filter}}`,
      });
      expect({ name, status: reply.status }).toEqual({ name, status: 201 });
      const body = (await reply.json()) as SavedSearch;
      expect(JSON.stringify(body.filter)).toBe(JSON.stringify(JSON.parse(filter)));
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('renames and replaces the filter with PATCH', async () => {
    const created = await ada.post<SavedSearch>('/api/saved-searches', {
      name: 'Old',
      filter: { a: 1 },
    });
    await ada.post('/api/saved-searches', { name: 'Other', filter: {} });
    file.geo.clock.advance(5000);
    const path = `/api/saved-searches?id=${created.body.id}`;
    const renamed = await ada.patch<SavedSearch>(path, { name: 'New' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New', filter: { a: 1 } });
    expect(renamed.body.updated_at > renamed.body.created_at).toBe(true);
    const refiltered = await ada.patch<SavedSearch>(path, { filter: { b: [2] } });
    expect(refiltered.body).toMatchObject({ name: 'New', filter: { b: [2] } });
    const taken = await ada.patch(path, { name: 'OTHER' });
    expect(taken.status).toBe(409);
    expectError(taken.body, 'saved_search_name_taken');
    const empty = await ada.patch(path, {});
    expect(empty.status).toBe(400);
    expectError(empty.body, 'invalid_request');
    const tooLarge = await ada.patch(path, { filter: filterOfBytes(9000) });
    expectError(tooLarge.body, 'filter_too_large');
  });

  it('deletes an owned search once; unknown and malformed ids are 404, a missing id 400', async () => {
    const created = await ada.post<SavedSearch>('/api/saved-searches', { name: 'x', filter: {} });
    const path = `/api/saved-searches?id=${created.body.id}`;
    expect(await ada.delete(path)).toMatchObject({ status: 200, body: { success: true } });
    const again = await ada.delete(path);
    expect(again.status).toBe(404);
    expectError(again.body, 'saved_search_not_found');
    expectError((await ada.delete('/api/saved-searches?id=nope')).body, 'saved_search_not_found');
    const missing = await ada.delete('/api/saved-searches');
    expect(missing.status).toBe(400);
    expectError(missing.body, 'invalid_request');
    const unknownParameter = await ada.get('/api/saved-searches?limit=5');
    expect(unknownParameter.status).toBe(400);
  });

  it("never shows, renames or deletes another user's search", async () => {
    const own = await ada.post<SavedSearch>('/api/saved-searches', { name: 'mine', filter: {} });
    const path = `/api/saved-searches?id=${own.body.id}`;
    expect((await bob.get<{ saved_searches: unknown[] }>('/api/saved-searches')).body).toEqual({
      saved_searches: [],
    });
    for (const reply of [await bob.patch(path, { name: 'stolen' }), await bob.delete(path)]) {
      expect(reply.status).toBe(404);
      expectError(reply.body, 'saved_search_not_found');
    }
    const list = await ada.get<{ saved_searches: SavedSearch[] }>('/api/saved-searches');
    expect(list.body.saved_searches.map((s) => s.name)).toEqual(['mine']);
  });

  it('keeps at most 200 searches per user', async () => {
    await file.geo.db.query(
      `INSERT INTO saved_searches (user_id, name, filter)
       SELECT 'user-ada', 'search ' || n, '{}'::jsonb FROM generate_series(1, 199) AS n`,
    );
    expect((await ada.post('/api/saved-searches', { name: 'last', filter: {} })).status).toBe(201);
    const over = await ada.post('/api/saved-searches', { name: 'one more', filter: {} });
    expect(over.status).toBe(409);
    expectError(over.body, 'saved_search_limit_reached');
    expect((await bob.post('/api/saved-searches', { name: 'fine', filter: {} })).status).toBe(201);
  });
});

describe('session rate limit', () => {
  it('allows 300 requests a minute per user, then 429 until the window ends', async () => {
    file.geo.clock.set('2026-04-01T10:00:00.000Z');
    let last = await ada.get('/api/saved-searches');
    expect(last.headers.get('x-ratelimit-limit')).toBe('300');
    expect(last.headers.get('x-ratelimit-remaining')).toBe('299');
    for (let i = 1; i < 300; i += 1) last = await ada.get('/api/saved-searches');
    expect(last.status).toBe(200);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await ada.get('/api/saved-searches');
    expect(limited.status).toBe(429);
    expectError(limited.body, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBe(60);
    expect((await bob.get('/api/saved-searches')).status).toBe(200);
    file.geo.clock.advance(60_000);
    expect((await ada.get('/api/saved-searches')).status).toBe(200);
  });
});
