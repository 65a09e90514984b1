// GET /api/activity-heatmap and /api/heatmap/{dimension} on the tiny seed
// (see docs/geo-scoring/analytics.md#heatmaps): RFC 7946 structure, res-5 centres, weights equal to
// the rollups, the query string ignored, rate limiting shared by both routes.
import { check as checkGeoJson } from '@placemarkio/check-geojson';
import { cellToLatLng, getResolution, isValidCell } from 'h3-js';
import { DataSource } from 'typeorm';
import {
  GeoHarness,
  invalidateReadCache,
  postIngest,
  startGeo,
  TEST_TODAY,
} from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

interface Collection {
  type: string;
  features: {
    type: string;
    geometry: { type: string; coordinates: number[] };
    properties: { h3: string; weight: number };
  }[];
  meta: Record<string, unknown>;
}

const HEATMAP_CACHE = 'public, s-maxage=3600, stale-while-revalidate=86400';

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * RFC 7946 checks for a FeatureCollection of Points written out for this route (Point features,
 * [lng, lat] ranges, no crs); @placemarkio/check-geojson validates the document independently.
 */
function geoJsonProblems(body: unknown): string[] {
  const problems: string[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(body)) return ['root is not an object'];
  if (body.type !== 'FeatureCollection') problems.push('root type is not FeatureCollection');
  if ('crs' in body) problems.push('crs is not allowed (RFC 7946 §4)');
  if (!Array.isArray(body.features)) return [...problems, 'features is not an array'];
  body.features.forEach((feature: unknown, i) => {
    const at = `features[${i}]`;
    if (!isObject(feature)) return problems.push(`${at} is not an object`);
    if (feature.type !== 'Feature') problems.push(`${at}.type is not Feature`);
    if (
      !('properties' in feature) ||
      !(feature.properties === null || isObject(feature.properties))
    ) {
      problems.push(`${at}.properties must be an object or null`);
    }
    const geometry = feature.geometry;
    if (!isObject(geometry)) return problems.push(`${at}.geometry is not an object`);
    if (geometry.type !== 'Point') problems.push(`${at}.geometry.type is not Point`);
    const position = geometry.coordinates;
    if (
      !Array.isArray(position) ||
      position.length < 2 ||
      position.length > 3 ||
      !position.every((n) => typeof n === 'number' && Number.isFinite(n))
    ) {
      return problems.push(`${at}.geometry.coordinates is not a position`);
    }
    const [lng, lat] = position as number[];
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
      problems.push(`${at} position out of range [lng, lat] = [${lng}, ${lat}]`);
    }
    return undefined;
  });
  return problems;
}

describe('heatmaps', () => {
  let geo: GeoHarness;
  const today = TEST_TODAY;

  const get = async (path: string): Promise<{ response: Response; body: Collection }> => {
    const response = await fetch(`${geo.instances[0].url}${path}`);
    return { response, body: (await response.json()) as Collection };
  };
  const weightSum = (body: Collection): number =>
    body.features.reduce((sum, feature) => sum + feature.properties.weight, 0);

  beforeAll(async () => {
    // No workers: the score refresh an ingest schedules must not run during the file.
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
  });
  afterAll(async () => {
    await geo?.close();
  });

  function expectHexFeatures(body: Collection): void {
    expect(geoJsonProblems(body)).toEqual([]);
    expect(() => checkGeoJson(JSON.stringify(body))).not.toThrow();
    expect(body.features.length).toBeGreaterThan(0);
    const ids = body.features.map((f) => f.properties.h3);
    expect(ids).toEqual([...ids].sort());
    for (const feature of body.features) {
      const { h3 } = feature.properties;
      expect(isValidCell(h3) && getResolution(h3) === 5).toBe(true);
      const [lat, lng] = cellToLatLng(h3);
      expect(feature.geometry.coordinates).toEqual([round6(lng), round6(lat)]);
      expect(feature.properties.weight).toBeGreaterThan(0);
    }
  }

  it('activity-heatmap: a GeoJSON FeatureCollection of res-5 centres with integer weights', async () => {
    const { response, body } = await get('/api/activity-heatmap');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(response.headers.get('cache-control')).toBe(HEATMAP_CACHE);
    expectHexFeatures(body);
    expect(body.meta).toEqual({ window_days: 90, parent_res: 5, hex_count: body.features.length });
    for (const feature of body.features) {
      expect(Number.isInteger(feature.properties.weight)).toBe(true);
      expect(Object.keys(feature.properties).sort()).toEqual(['h3', 'weight']);
    }
    // The weights are the rollup sums of the last 90 UTC days including today.
    const [expected] = await geo.db.query<{ total: string; hexes: string }[]>(
      `SELECT SUM(event_count)::text AS total, COUNT(DISTINCT h3_r5)::text AS hexes
       FROM activity_daily_r5 WHERE day BETWEEN $1::date - 89 AND $1::date AND event_count > 0`,
      [today],
    );
    expect(weightSum(body)).toBe(Number(expected.total));
    expect(body.features.length).toBe(Number(expected.hexes));
  });

  it('heatmap/crime: weight = Σ magnitude per hex, meta with dimension and window', async () => {
    const { response, body } = await get('/api/heatmap/crime');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(response.headers.get('cache-control')).toBe(HEATMAP_CACHE);
    expectHexFeatures(body);
    expect(body.meta).toEqual({
      dimension: 'crime',
      parent_res: 5,
      hex_count: body.features.length,
      window_days: 90,
    });
    const expected = await geo.db.query<{ h3: string; weight: number }[]>(
      `SELECT h3_r5 AS h3, round(SUM(magnitude_sum)::numeric, 2)::float8 AS weight
       FROM crime_daily_r5 WHERE day BETWEEN $1::date - 89 AND $1::date
       GROUP BY h3_r5 HAVING SUM(incident_count) > 0 ORDER BY h3_r5 COLLATE "C"`,
      [today],
    );
    expect(body.features.map((f) => f.properties)).toEqual(expected);
  });

  it('ignores the query string (edge cache busters) on both heatmaps', async () => {
    const plain = await get('/api/activity-heatmap');
    const busted = await get('/api/activity-heatmap?cb=1700000000&limit=abc&days=-1');
    expect(busted.response.status).toBe(200);
    expect(busted.body).toEqual(plain.body);
    const crime = await get('/api/heatmap/crime?_=123&dimension=foo');
    expect(crime.response.status).toBe(200);
    expect(crime.body.meta.dimension).toBe('crime');
  });

  it('is documented in OpenAPI as application/geo+json with the dimension enum', async () => {
    const doc = (await (await fetch(`${geo.instances[0].url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; schema: object }[];
            responses: Record<string, { content?: Record<string, unknown> }>;
          };
        }
      >;
    };
    const activity = doc.paths['/api/activity-heatmap'].get;
    expect(activity.parameters).toEqual([]);
    expect(Object.keys(activity.responses['200'].content ?? {})).toEqual(['application/geo+json']);
    const dimension = doc.paths['/api/heatmap/{dimension}'].get;
    expect(dimension.parameters.map((p) => [p.name, p.schema])).toEqual([
      ['dimension', expect.objectContaining({ enum: ['crime'] })],
    ]);
  });

  it('an unsupported dimension is 400 unsupported_dimension, not cached', async () => {
    // A NUL byte is refused before routing, with the usual validation error.
    for (const [dimension, code] of [
      ['foo', 'unsupported_dimension'],
      ['CRIME', 'unsupported_dimension'],
      ['activity', 'unsupported_dimension'],
      ['%20', 'unsupported_dimension'],
      ['crime%00', 'invalid_request'],
    ]) {
      const response = await fetch(`${geo.instances[0].url}/api/heatmap/${dimension}`);
      expect({ dimension, status: response.status }).toEqual({ dimension, status: 400 });
      expect(await response.json()).toMatchObject({ code });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('malformed paths never give a 5xx', async () => {
    for (const path of ['/api/heatmap/%E0%A4%A', '/api/heatmap/%', '/api/activity-heatmap?%=%']) {
      const response = await fetch(`${geo.instances[0].url}${path}`);
      await response.arrayBuffer();
      expect({ path, status: response.status < 500 }).toEqual({ path, status: true });
    }
  });

  it('25 activity events ingested today raise the Σ of weights by exactly 25', async () => {
    const before = weightSum((await get('/api/activity-heatmap')).body);
    const [cell] = await geo.db.query<{ lat: number; lng: number }[]>(
      `SELECT lat, lng FROM cells WHERE metro_slug = 'atx' ORDER BY h3_index LIMIT 1`,
    );
    const events = Array.from({ length: 25 }, (_, i) => ({
      source: 'heatmap-test',
      source_event_id: `hm-${i}`,
      occurred_at: `${today}T00:00:${String(i).padStart(2, '0')}Z`,
      event_type: ['visit', 'transaction', 'checkin', 'review'][i % 4],
      lat: cell.lat,
      lng: cell.lng,
    }));
    const ingest = await postIngest(geo.instances[0].url, 'activity-events', events);
    expect(await ingest.json()).toMatchObject({ inserted: 25, rejected: 0 });
    const after = weightSum((await get('/api/activity-heatmap')).body);
    expect(after - before).toBe(25);
  });

  it('a failing rollup query is 500 heatmap_query_failed', async () => {
    await geo.db.query('ALTER TABLE crime_daily_r5 RENAME TO crime_daily_r5_hidden');
    // A cached answer would hide the failure: the read cache is told, as a writer tells it.
    await invalidateReadCache(geo);
    try {
      const response = await fetch(`${geo.instances[0].url}/api/heatmap/crime`);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'heatmap_query_failed' });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await geo.db.query('ALTER TABLE crime_daily_r5_hidden RENAME TO crime_daily_r5');
    }
  });

  it('an exhausted database pool is 503 service_unavailable with Retry-After, not a failed query', async () => {
    // Hold every connection of the app's own pool (10), so the route waits out the acquire timeout.
    const pool = geo.instances[0].app.get(DataSource);
    const held = Array.from({ length: 10 }, () => pool.createQueryRunner());
    await Promise.all(held.map((runner) => runner.connect()));
    await invalidateReadCache(geo);
    try {
      const response = await fetch(`${geo.instances[0].url}/api/heatmap/crime`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'service_unavailable' });
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await Promise.all(held.map((runner) => runner.release()));
    }
  });

  // Last: it spends the file's heatmap budget for the current window.
  it('one counter for both heatmaps: Remaining falls by 1 per call, then 429 rate_limited', async () => {
    const call = (path: string): Promise<Response> => fetch(`${geo.instances[0].url}${path}`);
    // A fixed 60 s window may roll over mid-sequence; the sequence then restarts in the new one.
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = await call('/api/activity-heatmap');
      const reset = first.headers.get('x-ratelimit-reset');
      expect(first.headers.get('x-ratelimit-limit')).toBe('60');
      let remaining = Number(first.headers.get('x-ratelimit-remaining'));
      let rolledOver = false;
      const paths = ['/api/heatmap/crime', '/api/activity-heatmap'];
      for (let i = 0; remaining > 0; i++) {
        const response = await call(paths[i % 2]);
        await response.arrayBuffer();
        if (response.headers.get('x-ratelimit-reset') !== reset) {
          rolledOver = true;
          break;
        }
        expect(response.status).toBe(200);
        expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
        remaining -= 1;
      }
      if (rolledOver) continue;
      const limited = await call('/api/heatmap/crime');
      if (limited.headers.get('x-ratelimit-reset') !== reset) continue;
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(0);
      return;
    }
    throw new Error('three rate-limit windows rolled over mid-sequence');
  });
});
