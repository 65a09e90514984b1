import { FixedClock } from '@platform/clock';
import { CacheInvalidationBus } from '@platform/redis';
import { startTcpProxy, TcpProxy } from '@platform/testing';
import { PresetResolver } from '../src/presets/preset-resolver';
import { adminFetch, ProxyHarness, startProxy } from './support/proxy-harness';
import {
  PRESETS_ENV,
  PresetBody,
  presetFetch,
  sessionFor,
  snapshot,
} from './support/presets-session';

describe('PresetResolver: what is served, and cache invalidation across replicas', () => {
  let proxy: ProxyHarness;
  let a: string;
  let b: string;
  let onA: PresetResolver;
  let onB: PresetResolver;
  let team: string;

  const write = async (base: string, method: string, path: string, body?: unknown) => {
    const response = await presetFetch(base, team, path, method, body);
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as PresetBody;
  };
  const served = async (resolver: PresetResolver, slug: string, version: number | null = null) =>
    (await resolver.resolve('team-c', slug, version))?.version ?? null;

  beforeAll(async () => {
    proxy = await startProxy(PRESETS_ENV, 2);
    a = proxy.instances[0]!.url;
    b = proxy.instances[1]!.url;
    onA = proxy.instances[0]!.app.get(PresetResolver);
    onB = proxy.instances[1]!.app.get(PresetResolver);
    team = await sessionFor('team-c');
  });
  let relay: TcpProxy | undefined;
  afterAll(async () => {
    await proxy.close();
    await relay?.close();
  });

  it('serves only published presets: latest version, or a pinned one of its own versions', async () => {
    await write(a, 'POST', '/api/presets', { slug: 'lifecycle', ...snapshot() });
    expect(await onA.resolve('team-c', 'lifecycle', null)).toBeNull(); // draft
    expect(await onA.resolve('team-c', 'lifecycle', 1)).toBeNull();
    await write(a, 'POST', '/api/presets/lifecycle/publish');
    expect(await onA.resolve('team-c', 'lifecycle', null)).toEqual({
      slug: 'lifecycle',
      version: 1,
      model: 'cheap',
      params: { temperature: 0.2 },
      system_prompt: 'You are terse.',
      provider_preferences: { order: ['fake'] },
    });
    // An update of a published preset is served at once (publish serves the latest version).
    await write(a, 'PUT', '/api/presets/lifecycle', snapshot({ model: 'pricey' }));
    expect(await served(onA, 'lifecycle')).toBe(2);
    expect(await served(onA, 'lifecycle', 1)).toBe(1);
    expect(await served(onA, 'lifecycle', 3)).toBeNull();
    expect(await onA.resolve('team-other', 'lifecycle', null)).toBeNull();
    expect(await served(onA, 'missing')).toBeNull();
    await write(a, 'POST', '/api/presets/lifecycle/disable');
    expect(await served(onA, 'lifecycle')).toBeNull();
    expect(await served(onA, 'lifecycle', 1)).toBeNull();
    await write(a, 'POST', '/api/presets/lifecycle/publish');
    expect(await served(onA, 'lifecycle')).toBe(2);
    await write(a, 'DELETE', '/api/presets/lifecycle');
    expect(await served(onA, 'lifecycle')).toBeNull();
    expect(await served(onA, 'lifecycle', 2)).toBeNull();
    // Re-created and published, the slug serves its new numbers only.
    await write(a, 'POST', '/api/presets', { slug: 'lifecycle', ...snapshot() });
    await write(a, 'POST', '/api/presets/lifecycle/publish');
    expect(await served(onA, 'lifecycle')).toBe(3);
    expect(await served(onA, 'lifecycle', 1)).toBeNull();
  });

  it("serves an update made through replica A on replica B's very next resolve", async () => {
    await write(a, 'POST', '/api/presets', { slug: 'fleet', ...snapshot() });
    await write(a, 'POST', '/api/presets/fleet/publish');
    expect(await served(onB, 'fleet')).toBe(1); // B caches version 1
    for (let version = 2; version <= 4; version += 1) {
      await write(a, 'PUT', '/api/presets/fleet', snapshot({ system_prompt: `v${version}` }));
      const next = await onB.resolve('team-c', 'fleet', null);
      expect(next).toMatchObject({ version, system_prompt: `v${version}` });
    }
    // The dashboard reads the database, so B's routes agree at once too.
    const read = await presetFetch(b, team, '/api/presets/fleet');
    expect(((await read.json()) as PresetBody).latest_version).toBe(4);
    await write(a, 'POST', '/api/presets/fleet/disable');
    expect(await served(onB, 'fleet')).toBeNull();
    await write(a, 'POST', '/api/presets/fleet/publish');
    expect(await served(onB, 'fleet')).toBe(4);
    await write(a, 'DELETE', '/api/presets/fleet');
    expect(await served(onB, 'fleet')).toBeNull();
  });

  it('a replica that misses the bus message still serves the new version on its next resolve', async () => {
    const deaf = await proxy.startInstance();
    await deaf.app.get(CacheInvalidationBus).stop(); // hears no invalidation at all
    const onDeaf = deaf.app.get(PresetResolver);
    await write(a, 'POST', '/api/presets', { slug: 'deaf', ...snapshot() });
    await write(a, 'POST', '/api/presets/deaf/publish');
    expect(await served(onDeaf, 'deaf')).toBe(1);
    // The bus's epoch counter moved past what the replica processed: it reads the database.
    await write(a, 'PUT', '/api/presets/deaf', snapshot());
    expect(await served(onDeaf, 'deaf')).toBe(2);
    await write(a, 'POST', '/api/presets/deaf/disable');
    expect(await served(onDeaf, 'deaf')).toBeNull();
  });

  it('numbers concurrent updates of one slug without gaps or duplicates', async () => {
    await write(a, 'POST', '/api/presets', { slug: 'racy', ...snapshot() });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        write(i % 2 ? a : b, 'PUT', '/api/presets/racy', snapshot({ system_prompt: `w${i}` })),
      ),
    );
    expect(answers.map((r) => r.latest_version).sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('caches per team for 60 s; the admin invalidation route drops it fleet-wide at once', async () => {
    const clock = proxy.clock as FixedClock;
    await write(a, 'POST', '/api/presets', { slug: 'cached', ...snapshot() });
    await write(a, 'POST', '/api/presets/cached/publish');
    expect(await served(onB, 'cached')).toBe(1);
    // An out-of-band edit (no bus message) stays unseen until the TTL...
    await proxy.db.query(
      `UPDATE presets SET status = 'disabled' WHERE team_id = 'team-c' AND slug = 'cached'`,
    );
    clock.advance(59_999);
    expect(await served(onB, 'cached')).toBe(1);
    clock.advance(1);
    expect(await served(onB, 'cached')).toBeNull();
    // ...or until an operator tells the fleet.
    await proxy.db.query(
      `UPDATE presets SET status = 'published' WHERE team_id = 'team-c' AND slug = 'cached'`,
    );
    expect(await served(onB, 'cached')).toBeNull();
    const invalidated = await adminFetch(a, '/admin/presets/invalidate', {
      method: 'POST',
      body: JSON.stringify({ team_id: 'team-c' }),
    });
    expect(invalidated.status).toBe(200);
    expect(await served(onB, 'cached')).toBe(1);
  });

  describe('when the bus cannot be reached', () => {
    let isolated: string;
    let onIsolated: PresetResolver;

    beforeAll(async () => {
      const redis = new URL(proxy.resources.redisUrl);
      const started = await startTcpProxy({
        host: redis.hostname,
        port: Number(redis.port || 6379),
      });
      relay = started;
      const instance = await proxy.startInstance({
        REDIS_URL: `redis://127.0.0.1:${started.port}`,
      });
      isolated = instance.url;
      onIsolated = instance.app.get(PresetResolver);
    });

    it('keeps the write, answers proxy_cache_invalidated false, and others catch up within the TTL', async () => {
      const clock = proxy.clock as FixedClock;
      await write(a, 'POST', '/api/presets', { slug: 'outage', ...snapshot() });
      await write(a, 'POST', '/api/presets/outage/publish');
      expect(await served(onB, 'outage')).toBe(1);
      await relay!.cut();
      const response = await presetFetch(
        isolated,
        team,
        '/api/presets/outage',
        'PUT',
        snapshot({ model: 'pricey' }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        latest_version: 2,
        model: 'pricey',
        proxy_cache_invalidated: false,
        proxy_cache_error: 'proxy_cache_invalidation_failed',
        cache_ttl_seconds: 60,
      });
      const rows = (await proxy.db.query(
        `SELECT version FROM preset_versions WHERE team_id = 'team-c' AND slug = 'outage' ORDER BY version`,
      )) as { version: number }[];
      expect(rows.map((r) => r.version)).toEqual([1, 2]);
      // The writing replica serves the new version; B keeps its cached one for the TTL at most.
      expect(await served(onIsolated, 'outage')).toBe(2);
      expect(await served(onB, 'outage')).toBe(1);
      clock.advance(60_000);
      expect(await served(onB, 'outage')).toBe(2);
      const tooling = await adminFetch(isolated, '/admin/presets/invalidate', {
        method: 'POST',
        body: JSON.stringify({ team_id: 'team-c' }),
      });
      expect(tooling.status).toBe(503);
      await relay!.restore();
    });
  });
});
