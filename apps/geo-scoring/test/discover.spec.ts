// GET /api/discover over HTTP on the tiny seed (see docs/geo-scoring/analytics.md#discover):
// filters, total, order, limit defaults and clamps, validation, tier edges, caching headers.
import { expectErrorBody } from '@platform/testing';

import { tierOf } from '@platform/geo-domain';
import { expectPublicPolicy, geoForFile, invalidateReadCache } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

const file = geoForFile({ ...tinySeedTemplate });
const { get } = file;

interface Result {
  h3_index: string;
  metro_slug: string;
  location_name: string | null;
  composite: number;
  tier: string;
  robustness_class: string | null;
  support_stability: number | null;
}

async function discover(query: string): Promise<{ total: number; results: Result[] }> {
  const reply = await get(`/api/discover${query}`);
  expect(reply.status).toBe(200);
  return reply.body as unknown as { total: number; results: Result[] };
}

async function count(where: string, params: unknown[] = []): Promise<number> {
  const [row] = (await file.geo.db.query(
    `SELECT count(*)::int AS n FROM cell_scores WHERE composite IS NOT NULL AND ${where}`,
    params,
  )) as { n: number }[];
  return row.n;
}

function expectOrdered(results: Result[]): void {
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1], results[i]];
    expect(
      a.composite > b.composite || (a.composite === b.composite && a.h3_index < b.h3_index),
    ).toBe(true);
  }
}

describe('GET /api/discover', () => {
  it('defaults to 50 results over every metro, ordered composite DESC then h3_index', async () => {
    const reply = await get('/api/discover');
    expect(reply.status).toBe(200);
    expectPublicPolicy(reply);
    const body = reply.body as unknown as { total: number; results: Result[] };
    expect(Object.keys(body).sort()).toEqual(['results', 'total']);
    expect(body.total).toBe(await count('true'));
    expect(body.results).toHaveLength(50);
    expectOrdered(body.results);
    for (const result of body.results) {
      expect(Object.keys(result).sort()).toEqual(
        [
          'h3_index',
          'metro_slug',
          'location_name',
          'composite',
          'tier',
          'robustness_class',
          'support_stability',
        ].sort(),
      );
      expect(result.tier).toBe(tierOf(result.composite));
    }
    const [top] = (await file.geo.db.query(
      `SELECT h3_index FROM cell_scores WHERE composite IS NOT NULL
       ORDER BY composite DESC, h3_index LIMIT 1`,
    )) as { h3_index: string }[];
    expect(body.results[0].h3_index).toBe(top.h3_index);
  });

  it('clamps limit into 1..200', async () => {
    expect((await discover('?limit=0')).results).toHaveLength(1);
    expect((await discover('?limit=-5')).results).toHaveLength(1);
    const all = await discover('?limit=1000');
    expect(all.total).toBeGreaterThan(200);
    expect(all.results).toHaveLength(200);
    expectOrdered(all.results);
    expect((await discover('?limit=7')).results).toHaveLength(7);
  });

  it('filters by metro, compositeMin, businessMin and safetyMin (inclusive); total = all matches', async () => {
    const body = await discover('?metro=atx&compositeMin=40&businessMin=30&safetyMin=20&limit=3');
    const expected = await count(
      `metro_slug = 'atx' AND composite >= 40 AND business_vitality >= 30
       AND safety_environment >= 20`,
    );
    expect(expected).toBeGreaterThan(3);
    expect(body.total).toBe(expected);
    expect(body.results).toHaveLength(3);
    for (const result of body.results) {
      expect(result.metro_slug).toBe('atx');
      expect(result.composite).toBeGreaterThanOrEqual(40);
    }
    const bos = await discover('?metro=bos&limit=200');
    expect(bos.total).toBe(await count(`metro_slug = 'bos'`));
    expect(new Set(bos.results.map((r) => r.metro_slug))).toEqual(new Set(['bos']));
  });

  it('answers total 0 and no results when nothing matches', async () => {
    await file.geo.db.query(`UPDATE cell_scores SET composite = 99.5 WHERE composite > 99.5`);
    await invalidateReadCache(file.geo);
    const body = await discover('?compositeMin=100');
    expect(body).toEqual({ total: 0, results: [] });
  });

  it('answers 404 metro_not_found for a well-formed unknown metro', async () => {
    for (const metro of ['zzz', 'a'.repeat(10)]) {
      const reply = await get(`/api/discover?metro=${encodeURIComponent(metro)}`);
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'metro_not_found');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers 400 invalid_request for a malformed metro slug', async () => {
    for (const metro of ['ATX', '', 'a', 'a'.repeat(11), 'a'.repeat(300), "a';--"]) {
      const reply = await get(`/api/discover?metro=${encodeURIComponent(metro)}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it.each([
    'limit=abc',
    'limit=1.5',
    'limit=1e3',
    'limit=',
    'limit=1&limit=2',
    'compositeMin=101',
    'compositeMin=-1',
    'compositeMin=50.5',
    'compositeMin=abc',
    'compositeMin=',
    'businessMin=101',
    'businessMin=x',
    'safetyMin=-1',
    'safetyMin=9999999999999999999999',
    'metro=atx&metro=bos',
    'metro[x]=atx',
    'foo=1',
    'compositemin=10',
  ])('answers 400 invalid_request for %s', async (query) => {
    const reply = await get(`/api/discover?${query}`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it('gives results their tier at the bucket edges', async () => {
    const cells = (await file.geo.db.query(
      `SELECT h3_index FROM cell_scores WHERE metro_slug = 'bos' AND composite IS NOT NULL
       ORDER BY h3_index LIMIT 4`,
    )) as { h3_index: string }[];
    const planted: [number, string][] = [
      [79.99, 'strong'],
      [80, 'prime'],
      [20, 'watch'],
      [19.99, 'elevated'],
    ];
    // Only the planted cells keep a composite (discover lists scored cells only).
    await file.geo.db.query(`UPDATE cell_scores SET composite = NULL WHERE metro_slug = 'bos'`);
    for (const [i, [composite]] of planted.entries()) {
      await file.geo.db.query('UPDATE cell_scores SET composite = $2 WHERE h3_index = $1', [
        cells[i].h3_index,
        composite,
      ]);
    }
    await invalidateReadCache(file.geo);
    const body = await discover('?metro=bos');
    expect(body.total).toBe(4);
    expect(body.results.map((r) => [r.h3_index, r.composite, r.tier])).toEqual(
      [1, 0, 2, 3].map((i) => [cells[i].h3_index, planted[i][0], planted[i][1]]),
    );
    const prime = await discover('?metro=bos&compositeMin=80');
    expect(prime.results.map((r) => r.h3_index)).toEqual([cells[1].h3_index]);
  });
});
