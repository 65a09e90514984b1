import { adminFetch, ProxyHarness, startProxy } from './support/proxy-harness';
import {
  ErrorBody,
  PRESETS_ENV,
  PresetBody,
  presetFetch,
  sessionFor,
  snapshot,
  SnapshotBody,
} from './support/presets-session';

describe('preset routes: versions, states, validation and team scoping', () => {
  let proxy: ProxyHarness;
  let base: string;
  let teamA: string;
  let teamB: string;
  let demo: string;

  const call = (token: string | null, path: string, method = 'GET', body?: unknown) =>
    presetFetch(base, token, path, method, body);
  const create = (token: string, slug: string, overrides: Record<string, unknown> = {}) =>
    call(token, '/api/presets', 'POST', { slug, ...snapshot(overrides) });

  beforeAll(async () => {
    proxy = await startProxy(PRESETS_ENV);
    base = proxy.instances[0]!.url;
    teamA = await sessionFor('team-a');
    teamB = await sessionFor('team-b');
    demo = await sessionFor('demo');
  });
  afterAll(() => proxy.close());

  it('creates a draft at version 1, authored by the session email, and tells the replicas', async () => {
    const response = await create(teamA, 'support-bot');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      slug: 'support-bot',
      status: 'draft',
      latest_version: 1,
      model: 'cheap',
      params: { temperature: 0.2 },
      system_prompt: 'You are terse.',
      provider_preferences: { order: ['fake'] },
      author: 'ada@team-a.example',
      published_at: null,
      proxy_cache_invalidated: true,
    });
    const again = await create(teamA, 'support-bot');
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe('preset_exists');
  });

  it('appends a version per PUT, lists history newest first and reads one version', async () => {
    await create(teamA, 'history');
    const v2 = await call(teamA, '/api/presets/history', 'PUT', snapshot({ model: 'pricey' }));
    expect(v2.status).toBe(200);
    expect(await v2.json()).toMatchObject({
      latest_version: 2,
      model: 'pricey',
      proxy_cache_invalidated: true,
    });
    // A whole snapshot: fields left out fall back to their empty values.
    const v3 = await call(teamA, '/api/presets/history', 'PUT', { model: 'cheap' });
    expect(await v3.json()).toMatchObject({
      latest_version: 3,
      params: {},
      system_prompt: null,
      provider_preferences: null,
    });

    const list = await call(teamA, '/api/presets/history/versions');
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: SnapshotBody[] };
    expect(data.map((v) => [v.version, v.model])).toEqual([
      [3, 'cheap'],
      [2, 'pricey'],
      [1, 'cheap'],
    ]);
    const one = await call(teamA, '/api/presets/history/versions/2');
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      slug: 'history',
      version: 2,
      model: 'pricey',
      params: { temperature: 0.2 },
      author: 'ada@team-a.example',
    });
    const got = (await (await call(teamA, '/api/presets/history')).json()) as PresetBody;
    expect(got).toMatchObject({ slug: 'history', latest_version: 3, status: 'draft' });
    expect(got).not.toHaveProperty('proxy_cache_invalidated');
    const all = (await (await call(teamA, '/api/presets')).json()) as { data: PresetBody[] };
    expect(all.data.map((p) => p.slug)).toEqual(['history', 'support-bot']);
  });

  it('publishes and disables, each answering the invalidation outcome', async () => {
    await create(teamA, 'states');
    const published = await call(teamA, '/api/presets/states/publish', 'POST');
    expect(published.status).toBe(200);
    const body = (await published.json()) as PresetBody & { published_at: string };
    expect(body).toMatchObject({ status: 'published', proxy_cache_invalidated: true });
    expect(typeof body.published_at).toBe('string');
    const disabled = await call(teamA, '/api/presets/states/disable', 'POST');
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({
      status: 'disabled',
      proxy_cache_invalidated: true,
    });
    // Updating a disabled preset keeps it disabled.
    const put = await call(teamA, '/api/presets/states', 'PUT', snapshot());
    expect(await put.json()).toMatchObject({ status: 'disabled', latest_version: 2 });
  });

  it('soft-deletes, then answers preset_not_found; a re-created slug continues its numbering', async () => {
    await create(teamA, 'recycled');
    await call(teamA, '/api/presets/recycled', 'PUT', snapshot());
    const deleted = await call(teamA, '/api/presets/recycled', 'DELETE');
    expect(deleted.status).toBe(200);
    const gone = (await deleted.json()) as PresetBody & { deleted_at: string };
    expect(gone).toMatchObject({
      slug: 'recycled',
      latest_version: 2,
      proxy_cache_invalidated: true,
    });
    expect(typeof gone.deleted_at).toBe('string');
    for (const path of [
      '/api/presets/recycled',
      '/api/presets/recycled/versions',
      '/api/presets/recycled/versions/1',
    ]) {
      expect((await call(teamA, path)).status).toBe(404);
    }
    expect((await call(teamA, '/api/presets/recycled', 'DELETE')).status).toBe(404);

    const again = await create(teamA, 'recycled', { model: 'pricey' });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ latest_version: 3, status: 'draft' });
    const { data } = (await (await call(teamA, '/api/presets/recycled/versions')).json()) as {
      data: SnapshotBody[];
    };
    // The new preset's history is its own; the old snapshots stay stored under their numbers.
    expect(data.map((v) => v.version)).toEqual([3]);
    expect((await call(teamA, '/api/presets/recycled/versions/1')).status).toBe(404);
    const stored = (await proxy.db.query(
      `SELECT version FROM preset_versions WHERE slug = 'recycled' ORDER BY version`,
    )) as { version: number }[];
    expect(stored.map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of a stored version in SQL', async () => {
    await create(teamA, 'immutable');
    await expect(
      proxy.db.query(`UPDATE preset_versions SET model = 'x' WHERE slug = 'immutable'`),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(
      proxy.db.query(`DELETE FROM preset_versions WHERE slug = 'immutable'`),
    ).rejects.toThrow(/append-only: DELETE refused/);
    await expect(proxy.db.query('TRUNCATE preset_versions CASCADE')).rejects.toThrow(/append-only/);
    const [row] = (await proxy.db.query(
      `SELECT model FROM preset_versions WHERE slug = 'immutable'`,
    )) as { model: string }[];
    expect(row!.model).toBe('cheap');
  });

  it("answers another team's, a deleted and a missing slug with the same 404 bytes", async () => {
    await create(teamA, 'secret-sauce');
    await create(teamA, 'was-here');
    await call(teamA, '/api/presets/was-here', 'DELETE');
    const bodies: string[] = [];
    for (const [token, slug] of [
      [teamB, 'secret-sauce'],
      [teamA, 'was-here'],
      [teamA, 'never-existed'],
    ] as const) {
      for (const suffix of ['', '/versions', '/versions/1']) {
        const response = await call(token, `/api/presets/${slug}${suffix}`);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        bodies.push(await response.text());
      }
      for (const [method, suffix, body] of [
        ['PUT', '', snapshot()],
        ['DELETE', '', undefined],
        ['POST', '/publish', undefined],
        ['POST', '/disable', undefined],
      ] as const) {
        const response = await call(token, `/api/presets/${slug}${suffix}`, method, body);
        expect(response.status).toBe(404);
        bodies.push(await response.text());
      }
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      error: {
        message: 'Preset not found',
        type: 'not_found_error',
        code: 'preset_not_found',
      },
    });
    // Team B's own preset of the same slug is independent of team A's.
    expect((await create(teamB, 'secret-sauce')).status).toBe(201);
    const mine = (await (await call(teamB, '/api/presets/secret-sauce')).json()) as PresetBody;
    expect(mine.author).toBe('ada@team-b.example');
  });

  it('lets the demo team read and answers 403 demo_read_only to its writes', async () => {
    // The demo workspace's history is seeded out of band (here: SQL through the first write path).
    await proxy.db.query(
      `WITH s AS (INSERT INTO preset_slugs (team_id, slug, last_version) VALUES ('demo', 'showcase', 1) RETURNING 1),
            p AS (INSERT INTO presets (team_id, slug, status, latest_version) SELECT 'demo', 'showcase', 'published', 1 FROM s RETURNING id)
       INSERT INTO preset_versions (team_id, slug, version, preset_id, model, author)
       SELECT 'demo', 'showcase', 1, id, 'cheap', 'seed@demo.example' FROM p`,
    );
    expect((await call(demo, '/api/presets')).status).toBe(200);
    expect((await call(demo, '/api/presets/showcase')).status).toBe(200);
    expect((await call(demo, '/api/presets/showcase/versions')).status).toBe(200);
    expect((await call(demo, '/api/presets/showcase/versions/1')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/presets', { slug: 'mine', ...snapshot() }],
      ['PUT', '/api/presets/showcase', snapshot()],
      ['DELETE', '/api/presets/showcase', undefined],
      ['POST', '/api/presets/showcase/publish', undefined],
      ['POST', '/api/presets/showcase/disable', undefined],
    ] as const) {
      const response = await call(demo, path, method, body);
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).error.code).toBe('demo_read_only');
    }
    const [row] = (await proxy.db.query(
      `SELECT status, latest_version FROM presets WHERE team_id = 'demo'`,
    )) as { status: string; latest_version: number }[];
    expect(row).toEqual({ status: 'published', latest_version: 1 });
  });

  it('POST /admin/presets/invalidate needs ADMIN_SECRET and a team_id', async () => {
    const ok = await adminFetch(base, '/admin/presets/invalidate', {
      method: 'POST',
      body: JSON.stringify({ team_id: 'team-a' }),
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { invalidated: boolean; epoch: number };
    expect(body.invalidated).toBe(true);
    expect(Number.isInteger(body.epoch)).toBe(true);
    const missing = await adminFetch(base, '/admin/presets/invalidate', {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(400);
    const session = await adminFetch(base, '/admin/presets/invalidate', {
      method: 'POST',
      token: teamA,
      body: JSON.stringify({ team_id: 'team-a' }),
    });
    expect(session.status).toBe(401);
    const aliases = await adminFetch(base, '/admin/model-aliases/invalidate', { method: 'POST' });
    expect(aliases.status).toBe(200);
  });
});
