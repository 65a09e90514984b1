// The coherent read cache (see docs/geo-scoring/read-cache.md) on the tiny seed, over HTTP with
// several replicas on one database and Redis prefix: answers byte-identical with the cache on and
// off, ETag/If-None-Match → 304, one computation for concurrent misses (counted on /metrics),
// errors never cached, rate limits still counting hits, and a score refresh run by replica A (or
// an operator command) changing replica B's very next answer.
import { QueueRegistry } from '@platform/queues';
import { waitFor } from '@platform/testing';
import { JOB_QUEUES, ScoreRefreshJobData } from '../src/jobs/job-queues';
import { rollupsCommand } from '../src/pipeline/rollups/rollups.command';
import {
  GeoHarness,
  invalidateReadCache,
  postIngest,
  startGeo,
  TEST_TODAY,
} from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(240_000);

/** Downtown Austin: the tiny seed has records of every nearby type around it. */
const NEAR = { lat: 30.2672, lng: -97.7431 };

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

// Per connection or per moment, never part of what a route answers.
const VOLATILE = ['date', 'connection', 'keep-alive', 'x-request-id'];

async function fetchAnswer(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!VOLATILE.includes(name)) headers[name] = value;
  });
  return { status: response.status, headers, body };
}

describe('read cache', () => {
  let geo: GeoHarness;
  let urlA: string;
  let urlB: string;
  let urlOff: string;
  let urlLimited: string;
  let atxCell: string;
  let bosCell: string;

  beforeAll(async () => {
    // Only replica A runs workers, so a refresh it runs is "through replica A".
    geo = await startGeo({
      ...tinySeedTemplate,
      replicas: 0,
      env: { QUEUE_WORKERS: 'false', RATE_LIMITS_ENABLED: 'false' },
    });
    urlA = (await geo.startInstance({ QUEUE_WORKERS: 'true' })).url;
    urlB = (await geo.startInstance()).url;
    urlOff = (await geo.startInstance({ READ_CACHE_ENABLED: 'false' })).url;
    urlLimited = (await geo.startInstance({ RATE_LIMITS_ENABLED: 'true' })).url;
    const cell = async (metro: string): Promise<string> =>
      (
        (await geo.db.query(
          `SELECT h3_index FROM cell_scores WHERE metro_slug = $1 AND composite IS NOT NULL
           ORDER BY h3_index LIMIT 1`,
          [metro],
        )) as { h3_index: string }[]
      )[0]!.h3_index;
    atxCell = await cell('atx');
    bosCell = await cell('bos');
  });

  afterAll(async () => {
    await geo?.close();
  });

  async function counter(url: string, name: string, route: string): Promise<number> {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`${name}{`) && l.includes(`route="${route}"`));
    return line === undefined ? 0 : Number(line.split(' ').pop());
  }

  const paths = (): string[] => [
    '/api/activity-heatmap',
    '/api/activity-heatmap?cb=1700000000',
    '/api/heatmap/crime',
    '/api/heatmap/crime?_=1',
    '/api/discover',
    '/api/discover?metro=atx',
    '/api/discover?limit=500&compositeMin=40',
    '/api/discover?compositeMin=040&limit=200',
    '/api/discover?safetyMin=20&metro=bos&businessMin=10&limit=5',
    '/api/metro-tier-distribution?metro=atx',
    '/api/metro-tier-distribution?signal=safety_environment&metro=atx',
    '/api/metro-tier-distribution?metro=bos&signal=composite',
    `/api/cells/${atxCell}`,
    `/api/cells/${bosCell}`,
    `/api/nearby?lat=${NEAR.lat}&lng=${NEAR.lng}`,
    `/api/nearby?lng=${NEAR.lng}0&lat=+${NEAR.lat}`,
    // Errors: refused, unknown, unsupported (never stored, identical all the same).
    '/api/discover?compositeMin=101',
    '/api/discover?metro=zzzz',
    '/api/discover?limit=abc',
    '/api/discover?metro=atx&metro=bos',
    '/api/metro-tier-distribution?metro=atx&signal=composite&signal=safety_environment',
    '/api/metro-tier-distribution?signal=composite',
    '/api/heatmap/foo',
    `/api/cells/${atxCell}?x=1`,
    '/api/cells/882a100d2dfffff',
    '/api/nearby?lat=91&lng=0',
    `/api/nearby?lat=${NEAR.lat}`,
    `/api/nearby?lat=${NEAR.lat}&lng=${NEAR.lng}&radius=5`,
  ];

  it('answers every cached route byte for byte as with the cache off, on a miss and on a hit', async () => {
    await invalidateReadCache(geo);
    for (const path of paths()) {
      const off = await fetchAnswer(`${urlOff}${path}`);
      const miss = await fetchAnswer(`${urlA}${path}`);
      const hit = await fetchAnswer(`${urlA}${path}`);
      expect({ path, ...miss }).toEqual({ path, ...off });
      expect({ path, ...hit }).toEqual({ path, ...off });
    }
    // The cached routes really were answered from the cache (and the cache-off replica never was).
    expect(await counter(urlA, 'geo_read_cache_hits_total', 'discover')).toBeGreaterThan(0);
    expect(await counter(urlA, 'geo_read_cache_hits_total', 'activity-heatmap')).toBeGreaterThan(0);
    expect(await counter(urlOff, 'geo_read_cache_hits_total', 'discover')).toBe(0);
    expect(await counter(urlOff, 'geo_read_cache_fills_total', 'discover')).toBe(0);
  });

  it('shares one entry between equivalent queries (sorted, defaults applied, clamped)', async () => {
    await invalidateReadCache(geo);
    const before = await counter(urlA, 'geo_read_cache_fills_total', 'tier-distribution');
    const plain = await fetchAnswer(`${urlA}/api/metro-tier-distribution?metro=atx`);
    const spelled = await fetchAnswer(
      `${urlA}/api/metro-tier-distribution?signal=safety_environment&metro=atx`,
    );
    expect(spelled).toEqual(plain);
    expect(await counter(urlA, 'geo_read_cache_fills_total', 'tier-distribution')).toBe(before + 1);
  });

  it('gives each answer an ETag and answers If-None-Match with 304 and no body', async () => {
    for (const path of [
      '/api/discover?metro=atx',
      '/api/activity-heatmap',
      `/api/cells/${atxCell}`,
    ]) {
      const first = await fetchAnswer(`${urlA}${path}`);
      const etag = first.headers['etag'];
      expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      expect(first.headers['cache-control']).toMatch(/^public, s-maxage=\d+/);
      for (const url of [urlA, urlOff]) {
        const again = await fetchAnswer(`${url}${path}`, {
          // fetch() adds `Cache-Control: no-cache` to a conditional request unless one is set.
          headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
        });
        expect({ path, status: again.status, bytes: again.body.length }).toEqual({
          path,
          status: 304,
          bytes: 0,
        });
        expect(again.headers['etag']).toBe(etag);
      }
      const stale = await fetchAnswer(`${urlA}${path}`, {
        headers: { 'if-none-match': 'W/"0-nope"', 'cache-control': 'max-age=0' },
      });
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    }
  });

  it('runs concurrent misses for one key once', async () => {
    await invalidateReadCache(geo);
    const path = '/api/discover?metro=bos&limit=7';
    const before = await counter(urlA, 'geo_read_cache_fills_total', 'discover');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetchAnswer(`${urlA}${path}`)),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body.toString('utf8')}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(await counter(urlA, 'geo_read_cache_fills_total', 'discover')).toBe(before + 1);
  });

  it('never caches an error: each one is computed again, and a later fix shows at once', async () => {
    const path = '/api/metro-tier-distribution?metro=zzzz';
    const before = await counter(urlA, 'geo_read_cache_fills_total', 'tier-distribution');
    for (let i = 0; i < 2; i += 1) {
      const answer = await fetchAnswer(`${urlA}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['etag']).toBeDefined();
    }
    expect(await counter(urlA, 'geo_read_cache_fills_total', 'tier-distribution')).toBe(before + 2);
    // Written with SQL and announced to no one: only an uncached 404 lets the metro show at once.
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('zzzz', 'Nowhere', 'KS', 38.5, -98.5, 5)`);
    try {
      const found = await fetchAnswer(`${urlA}${path}`);
      expect(found.status).toBe(200);
      expect(JSON.parse(found.body.toString('utf8'))).toMatchObject({ metro: 'zzzz', total: 0 });
    } finally {
      await geo.db.query(`DELETE FROM metros WHERE slug = 'zzzz'`);
      await invalidateReadCache(geo);
    }
  });

  it('with READ_CACHE_ENABLED=false reads PostgreSQL on every request, as before', async () => {
    const path = `/api/cells/${bosCell}`;
    const cachedBefore = await fetchAnswer(`${urlA}${path}`);
    const [{ composite }] = (await geo.db.query(
      'SELECT composite FROM cell_scores WHERE h3_index = $1',
      [bosCell],
    )) as { composite: number }[];
    await geo.db.query('UPDATE cell_scores SET composite = 12.34 WHERE h3_index = $1', [bosCell]);
    try {
      const off = JSON.parse((await fetchAnswer(`${urlOff}${path}`)).body.toString('utf8'));
      expect(off).toMatchObject({ composite: 12.34, tier: 'elevated' });
      // The cache-on replica was told nothing, so it still answers what it had.
      expect(await fetchAnswer(`${urlA}${path}`)).toEqual(cachedBefore);
    } finally {
      await geo.db.query('UPDATE cell_scores SET composite = $2 WHERE h3_index = $1', [
        bosCell,
        composite,
      ]);
      await invalidateReadCache(geo);
    }
  });

  it('still counts every request against the rate limit, cached or not', async () => {
    const path = '/api/discover?metro=atx&limit=3';
    const hitsBefore = await counter(urlLimited, 'geo_read_cache_hits_total', 'discover');
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await fetchAnswer(`${urlLimited}${path}`);
      expect(answer.status).toBe(200);
      remaining.push(Number(answer.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual([remaining[0], remaining[0]! - 1, remaining[0]! - 2]);
    expect(await counter(urlLimited, 'geo_read_cache_hits_total', 'discover')).toBe(hitsBefore + 2);
  });

  it("changes replica B's very next answer when replica A runs a score refresh", async () => {
    const cellPath = `/api/cells/${atxCell}`;
    const discoverPath = '/api/discover?metro=atx&limit=200';
    // A stale score, planted with SQL and announced, so B caches it; the refresh rewrites it.
    await geo.db.query('UPDATE cell_scores SET composite = 1.5 WHERE h3_index = $1', [atxCell]);
    await invalidateReadCache(geo);
    const staleCell = await fetchAnswer(`${urlB}${cellPath}`);
    const staleDiscover = await fetchAnswer(`${urlB}${discoverPath}`);
    expect(JSON.parse(staleCell.body.toString('utf8'))).toMatchObject({ composite: 1.5 });
    expect(await fetchAnswer(`${urlB}${cellPath}`)).toEqual(staleCell);

    const queue = geo.instances[0]!.app.get(QueueRegistry).queue<ScoreRefreshJobData>(
      JOB_QUEUES.scoreRefresh,
    );
    const job = await queue.add('manual', { trigger: 'manual', metros: ['atx'], asOf: TEST_TODAY });
    await waitFor(
      async () => (await queue.getJob(job.id!))?.finishedOn !== undefined,
      60_000,
      'the score refresh on replica A',
    );
    expect(await queue.getFailedCount()).toBe(0);

    const freshCell = await fetchAnswer(`${urlB}${cellPath}`);
    const [{ composite }] = (await geo.db.query(
      'SELECT composite FROM cell_scores WHERE h3_index = $1',
      [atxCell],
    )) as { composite: number }[];
    expect(composite).not.toBe(1.5);
    expect(JSON.parse(freshCell.body.toString('utf8'))).toMatchObject({ composite });
    expect(freshCell.headers['etag']).not.toBe(staleCell.headers['etag']);
    const freshDiscover = await fetchAnswer(`${urlB}${discoverPath}`);
    expect(freshDiscover.body.equals(staleDiscover.body)).toBe(false);
    // And B's answers are again what an uncached replica answers.
    expect(freshCell).toEqual(await fetchAnswer(`${urlOff}${cellPath}`));
    expect(freshDiscover).toEqual(await fetchAnswer(`${urlOff}${discoverPath}`));
  });

  it("changes replica B's very next nearby answer when an ingest through replica A adds a record", async () => {
    const path = `/api/nearby?lat=${NEAR.lat}&lng=${NEAR.lng}`;
    await invalidateReadCache(geo);
    const before = await fetchAnswer(`${urlB}${path}`);
    expect(await fetchAnswer(`${urlB}${path}`)).toEqual(before);
    const permits = (answer: Answer): number =>
      (JSON.parse(answer.body.toString('utf8')) as { summary: { permits: number } }).summary
        .permits;

    const ingested = await postIngest(
      urlA,
      'permits',
      [
        {
          permit_number: 'READ-CACHE-1',
          permit_type: 'New Construction',
          work_class: 'commercial',
          value: 1000,
          address: '1 Cache St',
          ...NEAR,
          filed_date: TEST_TODAY,
          status: 'filed',
        },
      ],
      '?backfill=true',
    );
    expect(ingested.status).toBe(200);

    const after = await fetchAnswer(`${urlB}${path}`);
    expect(permits(after)).toBe(permits(before) + 1);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after).toEqual(await fetchAnswer(`${urlOff}${path}`));
  });

  it("changes replica B's very next heatmap answer when the rollups command rebuilds them", async () => {
    const path = '/api/heatmap/crime';
    // Rollups emptied with SQL and announced, so B caches an empty heatmap.
    await geo.db.query('DELETE FROM crime_daily_r5');
    await invalidateReadCache(geo);
    const emptied = await fetchAnswer(`${urlB}${path}`);
    expect(await fetchAnswer(`${urlB}${path}`)).toEqual(emptied);

    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const { resources } = geo;
    const env = {
      DATABASE_URL: resources.database.url,
      REDIS_URL: resources.redisUrl,
      REDIS_PREFIX: resources.redisPrefix,
    };
    expect(await rollupsCommand.run(['--rebuild'], env, io)).toBe(0);
    expect(lines.filter((l) => l.startsWith('warning'))).toEqual([]);

    const rebuilt = await fetchAnswer(`${urlB}${path}`);
    expect(rebuilt.body.equals(emptied.body)).toBe(false);
    expect(rebuilt).toEqual(await fetchAnswer(`${urlOff}${path}`));
  });
});
