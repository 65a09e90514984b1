// The deterministic seed (see docs/geo-scoring/seed.md) against real PostgreSQL: the tiny
// template's contents, planted structure, refusal without --reset, and identical checksums on a
// second seed.
import { latLngToCell } from 'h3-js';

import { metroCells, type MetroShape } from '@platform/geo-domain';
import { seedChecksums, seedDatabase, SeedRefusedError } from '../src/pipeline/seed/seed';
import { startGeo, type GeoHarness } from './support/geo-harness';
import { TINY_SEED, TINY_SEED_AS_OF, tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

let geo: GeoHarness;

beforeAll(async () => {
  geo = await startGeo({ replicas: 0, ...tinySeedTemplate });
});

afterAll(async () => {
  await geo?.close();
});

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await geo.db.query(sql, params)) as T[];
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: string }>(sql, params);
  return Number(row.n);
}

describe('seed profile tiny', () => {
  it('writes the profile row counts', async () => {
    const counts: Record<string, number> = {};
    for (const table of [
      'metros',
      'cells',
      'activity_events',
      'crime_incidents',
      'permits',
      'business_licenses',
      'zba_decisions',
      'construction_detections',
      'port_volumes',
      'ports',
      'satellite_embeddings',
      'tracts',
      'commuter_flows',
    ]) {
      counts[table] = await count(`SELECT count(*) AS n FROM ${table}`);
    }
    expect(counts.metros).toBe(2);
    expect(counts.cells).toBeGreaterThan(600);
    expect(counts.cells).toBeLessThan(850);
    expect(counts.activity_events).toBe(60_000);
    expect(counts.crime_incidents).toBeGreaterThan(3_600);
    expect(counts.crime_incidents).toBeLessThan(4_600);
    expect(counts.permits).toBe(2_000);
    expect(counts.business_licenses).toBe(6_000);
    expect(counts.zba_decisions).toBe(300);
    expect(counts.construction_detections).toBe(60);
    expect(counts.ports).toBe(6);
    expect(counts.port_volumes).toBe(6 * 60);
    expect(counts.satellite_embeddings / counts.cells).toBeGreaterThan(0.88);
    expect(counts.satellite_embeddings / counts.cells).toBeLessThan(0.96);
    expect(counts.tracts).toBeGreaterThan(0);
    expect(counts.commuter_flows).toBeGreaterThan(counts.tracts);
    const perMetro = await rows<{ metro_slug: string; n: string }>(
      'SELECT metro_slug, count(*) AS n FROM named_locations GROUP BY metro_slug ORDER BY metro_slug',
    );
    for (const row of perMetro) {
      expect(Number(row.n)).toBeGreaterThanOrEqual(25);
      expect(Number(row.n)).toBeLessThanOrEqual(40);
    }
  });

  it('stores each metro with the shape its cells were generated from', async () => {
    const metros = await rows<{
      slug: string;
      center_lat: number;
      center_lng: number;
      radius_km: number;
      exclude_polygons: MetroShape['excludePolygons'];
    }>(
      'SELECT slug, center_lat, center_lng, radius_km, exclude_polygons FROM metros ORDER BY slug',
    );
    expect(metros.map((m) => [m.slug, m.radius_km])).toEqual([
      ['atx', 6],
      ['bos', 14],
    ]);
    for (const metro of metros) {
      const cells = await rows<{ h3_index: string }>(
        'SELECT h3_index FROM cells WHERE metro_slug = $1 ORDER BY h3_index',
        [metro.slug],
      );
      const expected = metroCells({
        centerLat: metro.center_lat,
        centerLng: metro.center_lng,
        radiusKm: metro.radius_km,
        excludePolygons: metro.exclude_polygons,
      });
      expect(cells.map((c) => c.h3_index)).toEqual(expected);
    }
    // Boston at 14 km includes Newton (ZBA jurisdiction).
    expect(
      await count(`SELECT count(*) AS n FROM zba_decisions WHERE jurisdiction = 'Newton'`),
    ).toBeGreaterThan(0);
  });

  it('places every record in a cell of its metro, at its own coordinates', async () => {
    for (const table of [
      'activity_events',
      'crime_incidents',
      'permits',
      'business_licenses',
      'construction_detections',
    ]) {
      const stray = await count(
        `SELECT count(*) AS n FROM ${table} r LEFT JOIN cells c ON c.h3_index = r.h3_index AND c.metro_slug = r.metro_slug
          WHERE c.h3_index IS NULL`,
      );
      expect({ table, stray }).toEqual({ table, stray: 0 });
    }
    expect(
      await count(
        `SELECT count(*) AS n FROM zba_decisions z JOIN cells c USING (h3_index) WHERE c.metro_slug <> 'bos'`,
      ),
    ).toBe(0);
    for (const table of [
      'permits',
      'business_licenses',
      'zba_decisions',
      'construction_detections',
    ]) {
      const points = await rows<{ lat: number; lng: number; h3_index: string }>(
        `SELECT lat, lng, h3_index FROM ${table}`,
      );
      const mismatched = points.filter((p) => latLngToCell(p.lat, p.lng, 8) !== p.h3_index);
      expect({ table, mismatched: mismatched.length }).toEqual({ table, mismatched: 0 });
    }
  });

  it('splits every tract over its cells with weights summing to 1', async () => {
    const bad = await rows<{ geoid: string; total: number }>(
      'SELECT geoid, sum(weight)::float8 AS total FROM cell_tracts GROUP BY geoid HAVING abs(sum(weight) - 1) > 1e-4',
    );
    expect(bad).toEqual([]);
    expect(
      await count(
        'SELECT count(*) AS n FROM cells c LEFT JOIN cell_tracts ct USING (h3_index) WHERE ct.h3_index IS NULL',
      ),
    ).toBe(0);
    const names = await rows<{ geoid: string; name: string }>(
      'SELECT geoid, name FROM tracts ORDER BY geoid LIMIT 50',
    );
    for (const { geoid, name } of names) {
      expect(geoid).toMatch(/^(48453|48491|48209|25025|25017|25021|25009)\d{6}$/);
      expect(name).toMatch(/^Census Tract \d+(\.\d{2})?$/);
    }
  });

  it('gives about 5% of cells fewer than 100 residents', async () => {
    const cells = await count('SELECT count(*) AS n FROM cells');
    const low = await count('SELECT count(*) AS n FROM cell_population WHERE population < 100');
    expect(low / cells).toBeGreaterThan(0.035);
    expect(low / cells).toBeLessThan(0.075);
  });

  it('plants more activity downtown than at the edge', async () => {
    const [row] = await rows<{ downtown: number; edge: number }>(
      `WITH per_cell AS (
         SELECT c.h3_index, c.lat, c.lng, m.center_lat, m.center_lng, m.radius_km, count(a.id) AS events
           FROM cells c JOIN metros m ON m.slug = c.metro_slug
           LEFT JOIN activity_events a ON a.h3_index = c.h3_index
          GROUP BY c.h3_index, m.slug),
       dist AS (
         SELECT events, radius_km,
                111.32 * sqrt(power(lat - center_lat, 2) + power((lng - center_lng) * cos(radians(center_lat)), 2)) AS km
           FROM per_cell)
       SELECT avg(events) FILTER (WHERE km < 2)::float8 AS downtown,
              avg(events) FILTER (WHERE km > 0.8 * radius_km)::float8 AS edge
         FROM dist`,
    );
    expect(row.downtown).toBeGreaterThan(2 * row.edge);
  });

  it('links construction detections to nearby permits and computes licence tiers', async () => {
    const linked = await count(
      'SELECT count(*) AS n FROM construction_detections WHERE nearest_permit_id IS NOT NULL',
    );
    expect(linked).toBeGreaterThanOrEqual(30);
    const asOf = TINY_SEED_AS_OF;
    const closed = await count(
      'SELECT count(*) AS n FROM business_licenses WHERE close_date <= $1',
      [asOf],
    );
    expect(closed / 6000).toBeGreaterThan(0.2);
    expect(closed / 6000).toBeLessThan(0.4);
    expect(
      await count(`SELECT count(*) AS n FROM business_licenses WHERE pioneer_tier = 'Dormant'`),
    ).toBe(closed);
    expect(
      await count(`SELECT count(*) AS n FROM business_licenses WHERE pioneer_tier = 'None'`),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(DISTINCT naics_code) AS n FROM business_licenses`),
    ).toBeGreaterThanOrEqual(35);
    expect(await count(`SELECT count(*) AS n FROM permits WHERE value IS NULL`)).toBeGreaterThan(
      80,
    );
    expect(
      await count(`SELECT count(*) AS n FROM zba_decisions WHERE length(conditions) > 200`),
    ).toBeGreaterThan(0);
  });

  it('runs the app pipeline: scores, a snapshot replay, diagnostics, and no webhook events', async () => {
    expect(await count(`SELECT count(*) AS n FROM score_runs WHERE trigger = 'seed'`)).toBe(30);
    expect(
      await count('SELECT count(DISTINCT snapshot_date) AS n FROM score_snapshot_metro_daily'),
    ).toBe(30);
    expect(await count('SELECT count(*) AS n FROM cell_scores')).toBe(
      await count('SELECT count(*) AS n FROM cells'),
    );
    expect(await count('SELECT count(*) AS n FROM metros WHERE current_diag_run_id IS NULL')).toBe(
      0,
    );
    expect(await count('SELECT count(*) AS n FROM activity_daily_r8')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM webhook_events')).toBe(0);
  });

  it('refuses a non-empty database without reset, and reseeds identically with it', async () => {
    const url = geo.resources.database.url;
    const options = {
      profile: 'tiny' as const,
      seed: TINY_SEED,
      asOf: TINY_SEED_AS_OF,
      progress: 'silent' as const,
    };
    await expect(seedDatabase(url, options)).rejects.toThrow(SeedRefusedError);
    await expect(seedDatabase(url, options)).rejects.toThrow(/--reset/);
    const before = await seedChecksums(url);
    await seedDatabase(url, { ...options, reset: true });
    const after = await seedChecksums(url);
    expect(after).toEqual(before);
    expect(before.some((line) => line.startsWith('score_snapshots '))).toBe(true);
  });
});
