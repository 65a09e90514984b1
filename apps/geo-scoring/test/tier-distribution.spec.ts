// GET /api/metro-tier-distribution over HTTP on the tiny seed
// (see docs/geo-scoring/analytics.md#metro-tier-distribution): Σ buckets = total = scored_count,
// null exclusion, validation, half-open edges.
import { expectErrorBody } from '@platform/testing';

import { SIGNAL_GROUPS } from '@platform/geo-domain';
import { expectPublicPolicy, geoForFile, invalidateReadCache } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

const file = geoForFile({ ...tinySeedTemplate });
const { get } = file;

interface Distribution {
  metro: string;
  signal: string;
  total: number;
  buckets: Record<'prime' | 'strong' | 'solid' | 'watch' | 'elevated', number>;
}

async function distribution(query: string): Promise<Distribution> {
  const reply = await get(`/api/metro-tier-distribution?${query}`);
  expect(reply.status).toBe(200);
  return reply.body as unknown as Distribution;
}

/** Independent bucket counts in SQL with the literal half-open tier edges. */
async function sqlBuckets(metro: string, column: string): Promise<Distribution['buckets']> {
  const [row] = (await file.geo.db.query(
    `SELECT count(*) FILTER (WHERE v >= 80)::int AS prime,
       count(*) FILTER (WHERE v >= 60 AND v < 80)::int AS strong,
       count(*) FILTER (WHERE v >= 40 AND v < 60)::int AS solid,
       count(*) FILTER (WHERE v >= 20 AND v < 40)::int AS watch,
       count(*) FILTER (WHERE v < 20)::int AS elevated
     FROM (SELECT round(${column}::numeric, 2) AS v FROM cell_scores
           WHERE metro_slug = $1 AND ${column} IS NOT NULL) s`,
    [metro],
  )) as Distribution['buckets'][];
  return row;
}

const sum = (buckets: Distribution['buckets']): number =>
  Object.values(buckets).reduce((a, b) => a + b, 0);

describe('GET /api/metro-tier-distribution', () => {
  it('Σ buckets = total = scored_count; safety_environment excludes nulls', async () => {
    const metros = (await get('/api/metros')).body.metros as {
      slug: string;
      scored_count: number;
    }[];
    const atx = metros.find((m) => m.slug === 'atx');
    expect(atx?.scored_count).toBeGreaterThan(0);

    const reply = await get('/api/metro-tier-distribution?metro=atx&signal=composite');
    expect(reply.status).toBe(200);
    expectPublicPolicy(reply);
    const composite = reply.body as unknown as Distribution;
    expect(Object.keys(composite).sort()).toEqual(['buckets', 'metro', 'signal', 'total']);
    expect(Object.keys(composite.buckets)).toEqual([
      'prime',
      'strong',
      'solid',
      'watch',
      'elevated',
    ]);
    expect(composite).toMatchObject({ metro: 'atx', signal: 'composite' });
    expect(sum(composite.buckets)).toBe(composite.total);
    expect(composite.total).toBe(atx?.scored_count);
    expect(composite.buckets).toEqual(await sqlBuckets('atx', 'composite'));

    const safety = await distribution('metro=atx&signal=safety_environment');
    expect(sum(safety.buckets)).toBe(safety.total);
    expect(safety.total).toBeLessThan(composite.total);
  });

  it('defaults signal to safety_environment', async () => {
    const body = await distribution('metro=bos');
    expect(body.signal).toBe('safety_environment');
    expect(body.buckets).toEqual(await sqlBuckets('bos', 'safety_environment'));
  });

  it.each(SIGNAL_GROUPS)('buckets %s like the half-open SQL edges', async (signal) => {
    for (const metro of ['atx', 'bos']) {
      const body = await distribution(`metro=${metro}&signal=${signal}`);
      expect(body.buckets).toEqual(await sqlBuckets(metro, signal));
      expect(body.total).toBe(sum(body.buckets));
    }
  });

  it('answers 404 metro_not_found for a well-formed unknown metro', async () => {
    for (const metro of ['zzz', 'abcdefghij']) {
      const reply = await get(`/api/metro-tier-distribution?metro=${metro}&signal=composite`);
      expect(reply.status).toBe(404);
      expectErrorBody('code', reply.body, 'metro_not_found');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers 400 invalid_request for a malformed metro slug', async () => {
    for (const metro of ['ATX', '', 'a', '%27%3B--', 'abcdefghijk']) {
      const reply = await get(`/api/metro-tier-distribution?metro=${metro}&signal=composite`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it.each([
    'metro=atx&signal=foo',
    'metro=atx&signal=Composite',
    'metro=atx&signal=',
    'metro=atx&signal=composite&signal=safety_environment',
    'metro=atx&signal=composite%3B%20DROP%20TABLE%20cell_scores',
    'signal=composite',
    '',
    'metro=atx&metro=bos',
    'metro=atx&foo=1',
  ])('answers 400 invalid_request for "%s"', async (query) => {
    const reply = await get(`/api/metro-tier-distribution?${query}`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });

  it('puts 79.99 in strong, 80.00 in prime, 20.00 in watch, 19.99 in elevated; nulls excluded', async () => {
    const cells = (await file.geo.db.query(
      `SELECT h3_index FROM cell_scores WHERE metro_slug = 'bos' ORDER BY h3_index LIMIT 6`,
    )) as { h3_index: string }[];
    await file.geo.db.query(`UPDATE cell_scores SET composite = NULL WHERE metro_slug = 'bos'`);
    const values = [79.99, 80, 20, 19.99, 60, 59.99];
    for (const [i, value] of values.entries()) {
      await file.geo.db.query('UPDATE cell_scores SET composite = $2 WHERE h3_index = $1', [
        cells[i].h3_index,
        value,
      ]);
    }
    await invalidateReadCache(file.geo);
    const body = await distribution('metro=bos&signal=composite');
    expect(body).toEqual({
      metro: 'bos',
      signal: 'composite',
      total: 6,
      buckets: { prime: 1, strong: 2, solid: 1, watch: 1, elevated: 1 },
    });
    const metros = (await get('/api/metros')).body.metros as {
      slug: string;
      scored_count: number;
    }[];
    expect(metros.find((m) => m.slug === 'bos')?.scored_count).toBe(6);
  });
});
