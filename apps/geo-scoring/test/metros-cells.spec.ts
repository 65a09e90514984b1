// GET /api/metros and GET /api/cells/{h3Index} over HTTP on the tiny seed
// (see docs/geo-scoring/analytics.md#metros-and-cells): shapes, field names, 400/404 codes, tier
// edges, caching and rate-limit headers.
import { deleteRedisPrefix, expectErrorBody } from '@platform/testing';
import { cellToParent, latLngToCell } from 'h3-js';

import { SIGNAL_GROUPS, tierOf } from '@platform/geo-domain';
import { expectPublicPolicy, geoForFile, invalidateReadCache } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

const file = geoForFile({ ...tinySeedTemplate });
const { get } = file;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await file.geo.db.query(text, params)) as T[];
}

/** A scored atx cell with every column populated, for exact comparisons. */
async function scoredCell(): Promise<string> {
  const [row] = await sql<{ h3_index: string }>(
    `SELECT h3_index FROM cell_scores
     WHERE metro_slug = 'atx' AND composite IS NOT NULL AND safety_environment IS NOT NULL
     ORDER BY h3_index LIMIT 1`,
  );
  return row.h3_index;
}

describe('GET /api/metros', () => {
  it('lists every metro with centre, cell_count, scored_count and last_scored_at', async () => {
    const reply = await get('/api/metros');
    expect(reply.status).toBe(200);
    expectPublicPolicy(reply);
    const metros = reply.body.metros as Record<string, unknown>[];
    expect(metros.map((m) => m.slug)).toEqual(['atx', 'bos']);
    const expected = await sql<{
      slug: string;
      cells: number;
      scored: number;
      last: Date;
    }>(
      `SELECT m.slug,
         (SELECT count(*)::int FROM cells c WHERE c.metro_slug = m.slug) AS cells,
         (SELECT count(*)::int FROM cell_scores s
            WHERE s.metro_slug = m.slug AND s.composite IS NOT NULL) AS scored,
         (SELECT max(scored_at) FROM cell_scores s WHERE s.metro_slug = m.slug) AS last
       FROM metros m ORDER BY m.slug`,
    );
    for (const [i, metro] of metros.entries()) {
      expect(Object.keys(metro).sort()).toEqual(
        [
          'slug',
          'name',
          'state',
          'center_lat',
          'center_lng',
          'cell_count',
          'scored_count',
          'last_scored_at',
        ].sort(),
      );
      expect(typeof metro.name).toBe('string');
      expect(typeof metro.state).toBe('string');
      expect(typeof metro.center_lat).toBe('number');
      expect(typeof metro.center_lng).toBe('number');
      expect(metro.cell_count).toBe(expected[i].cells);
      expect(metro.scored_count).toBe(expected[i].scored);
      expect(metro.scored_count).toBeGreaterThan(0);
      expect(metro.scored_count as number).toBeLessThanOrEqual(metro.cell_count as number);
      expect(metro.last_scored_at).toBe(expected[i].last.toISOString());
    }
  });

  it('refuses unknown query parameters with 400 invalid_request', async () => {
    const reply = await get('/api/metros?foo=1');
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('GET /api/cells/{h3Index}', () => {
  it('returns the full score row, tier, robustness, location and scored_at', async () => {
    const h3 = await scoredCell();
    const reply = await get(`/api/cells/${h3}`);
    expect(reply.status).toBe(200);
    expectPublicPolicy(reply);
    const [row] = await sql<Record<string, unknown> & { scored_at: Date }>(
      `SELECT cs.*, c.lat, c.lng, c.location_name FROM cell_scores cs
       JOIN cells c USING (h3_index) WHERE cs.h3_index = $1`,
      [h3],
    );
    expect(Object.keys(reply.body).sort()).toEqual(
      [
        'h3_index',
        'metro_slug',
        'lat',
        'lng',
        'location_name',
        'composite',
        'confidence',
        'tier',
        ...SIGNAL_GROUPS,
        'robustness_class',
        'support_stability',
        'scored_at',
      ].sort(),
    );
    expect(reply.body).toMatchObject({
      h3_index: h3,
      metro_slug: 'atx',
      lat: row.lat,
      lng: row.lng,
      location_name: row.location_name,
      composite: row.composite,
      confidence: row.confidence,
      tier: tierOf(row.composite as number),
      robustness_class: row.robustness_class,
      support_stability: row.support_stability,
      scored_at: row.scored_at.toISOString(),
    });
    for (const group of SIGNAL_GROUPS) expect(reply.body[group]).toBe(row[group]);
  });

  it('answers 404 cell_not_found for a valid resolution-8 cell without a score', async () => {
    const outside = latLngToCell(0, 0, 8);
    const reply = await get(`/api/cells/${outside}`);
    expect(reply.status).toBe(404);
    expectErrorBody('code', reply.body, 'cell_not_found');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    ['not hex', 'not-a-cell'],
    ['resolution 9', latLngToCell(30.27, -97.74, 9)],
    ['resolution 7', cellToParent(latLngToCell(30.27, -97.74, 8), 7)],
    ['uppercase', latLngToCell(30.27, -97.74, 8).toUpperCase()],
    ['15 hex characters that are no cell', 'fffffffffffffff'],
    ['too long', `${latLngToCell(30.27, -97.74, 8)}0`],
    ['percent-encoded junk', '%00%27%22'],
  ])('answers 400 invalid_request for %s', async (_name, value) => {
    const reply = await get(`/api/cells/${value}`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it('refuses unknown query parameters', async () => {
    const reply = await get(`/api/cells/${await scoredCell()}?x=1`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it.each([
    [79.99, 'strong'],
    [80.0, 'prime'],
    [60.0, 'strong'],
    [59.99, 'solid'],
    [40.0, 'solid'],
    [39.99, 'watch'],
    [20.0, 'watch'],
    [19.99, 'elevated'],
    [0, 'elevated'],
    [100, 'prime'],
  ])('gives composite %d the tier %s (half-open buckets)', async (composite, tier) => {
    const h3 = await scoredCell();
    await sql('UPDATE cell_scores SET composite = $2 WHERE h3_index = $1', [h3, composite]);
    await invalidateReadCache(file.geo);
    const reply = await get(`/api/cells/${h3}`);
    expect(reply.body).toMatchObject({ composite, tier });
  });

  it('shows a null tier and null robustness for a cell with null composite, unclassified', async () => {
    const h3 = await scoredCell();
    await sql(
      `UPDATE cell_scores SET composite = NULL, robustness_class = NULL, support_stability = NULL
       WHERE h3_index = $1`,
      [h3],
    );
    await invalidateReadCache(file.geo);
    const reply = await get(`/api/cells/${h3}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      composite: null,
      tier: null,
      robustness_class: null,
      support_stability: null,
    });
  });
});

describe('read routes of this file set, together', () => {
  /** Each route's parameters, with the other parameters a request needs to reach validation. */
  const ROUTES: [string, string[], string][] = [
    ['/api/metros', ['metro'], ''],
    ['/api/discover', ['metro', 'limit', 'compositeMin', 'businessMin', 'safetyMin'], ''],
    ['/api/metro-tier-distribution', ['metro'], 'signal=composite&'],
    ['/api/metro-tier-distribution', ['signal'], 'metro=atx&'],
    ['/api/score-trends', ['metro', 'h3_index'], ''],
    ['/api/score-trends', ['days', 'profile'], 'metro=atx&'],
  ];
  const VALUES = [
    '',
    '%ff',
    '%00',
    '%27%3B--',
    'x'.repeat(5000),
    '-0',
    '+5',
    '0x10',
    'NaN',
    'Infinity',
    '1e400',
    '99999999999999999999',
    '%E2%80%8B',
    'null',
    '[]',
  ];

  it('never answers 5xx to malformed values of any parameter', async () => {
    const paths: string[] = VALUES.map((value) => `/api/cells/${value || '%20'}`);
    for (const [route, params, base] of ROUTES) {
      for (const param of params) {
        for (const value of VALUES) {
          paths.push(`${route}?${base}${param}=${value}`);
          paths.push(`${route}?${base}${param}=${value}&${param}=${value}`);
          paths.push(`${route}?${base}${param}[a]=${value}`);
        }
      }
    }
    for (const [i, path] of paths.entries()) {
      // Keeps the public rate limit (120/min) from turning the sweep into 429s.
      if (i % 100 === 0) {
        await deleteRedisPrefix(
          file.geo.resources.redisUrl,
          `${file.geo.resources.redisPrefix}rl:`,
        );
      }
      const response = await fetch(`${file.geo.instances[0].url}${path}`);
      await response.arrayBuffer();
      if (response.status >= 500 || response.status === 429) {
        throw new Error(`${path} answered ${response.status}`);
      }
    }
    expect(paths.length).toBeGreaterThan(400);
  });

  it('documents every route with parameters, bounds and response schemas (OpenAPI)', async () => {
    const response = await fetch(`${file.geo.instances[0].url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, { get?: Record<string, unknown> }>;
    };
    const param = (path: string, name: string): Record<string, unknown> | undefined =>
      (document.paths[path]?.get?.parameters as Record<string, unknown>[]).find(
        (p) => p.name === name,
      );
    for (const path of [
      '/api/metros',
      '/api/cells/{h3Index}',
      '/api/discover',
      '/api/metro-tier-distribution',
      '/api/score-trends',
    ]) {
      const operation = document.paths[path]?.get;
      expect(operation).toBeDefined();
      expect((operation?.responses as Record<string, unknown>)['200']).toBeDefined();
    }
    expect(param('/api/discover', 'limit')?.schema).toMatchObject({
      minimum: 1,
      maximum: 200,
      default: 50,
    });
    expect(param('/api/discover', 'compositeMin')?.schema).toMatchObject({
      minimum: 0,
      maximum: 100,
    });
    expect(param('/api/score-trends', 'days')?.schema).toMatchObject({
      minimum: 1,
      maximum: 365,
      default: 90,
    });
    expect(param('/api/metro-tier-distribution', 'metro')?.required).toBe(true);
    expect(param('/api/metro-tier-distribution', 'signal')?.schema).toMatchObject({
      default: 'safety_environment',
    });
    expect(param('/api/cells/{h3Index}', 'h3Index')?.in).toBe('path');
    expect(document.paths['/api/metros']?.get?.parameters).toEqual([]);
    expect((document.paths['/api/cells/{h3Index}']?.get?.parameters as unknown[]).length).toBe(1);
  });
});
