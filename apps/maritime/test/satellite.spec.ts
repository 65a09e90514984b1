// Satellite crop data on the small seed: regions with their export ports and latest NDVI,
// health records (deviation, band, season-to-date yield) recomputed from the composites, and
// production estimates recomputed by hand; 404s, limits and history depth.
import {
  compositeDaysBetween,
  ndviDeviationPct,
  ndviHealth,
  seasonOfDay,
} from '@platform/maritime-domain';
import { expectErrorBody } from '@platform/testing';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

// The first file to need the seeded template builds it.
jest.setTimeout(180_000);

const maritime = maritimeForFile({ ...smallSeedTemplate });

interface Region {
  slug: string;
  crop: string;
  country: string;
  export_ports: { port: string; share_pct: number }[];
  latest: {
    observed_on: string;
    ndvi: number;
    baseline_ndvi: number;
    deviation_pct: number;
    health: string;
  } | null;
}

interface Health {
  region: string;
  observed_on: string;
  ndvi: number;
  baseline_ndvi: number;
  deviation_pct: number;
  health: string;
  season: number | null;
  yield_estimate_t_ha: number | null;
}

interface Production {
  region: string;
  crop: string;
  season: number;
  season_start: string;
  season_end: string;
  status: string;
  production_mt: number;
  baseline_production_mt: number;
  change_pct: number;
  export_estimate_mt: number;
  port_exports: { port: string; share_pct: number; estimate_mt: number }[];
  confidence: number;
  yield_t_ha: number;
  composites_observed: number;
  composites_expected: number;
}

interface RegionFacts {
  id: string;
  harvested_area_ha: number;
  baseline_yield_t_ha: number;
  export_share: number;
  season_start_doy: number;
  season_end_doy: number;
}

let pro = '';

beforeAll(async () => {
  pro = await maritime.mintKey('pro');
});

async function facts(slug: string): Promise<RegionFacts> {
  const [row] = (await maritime.harness.db.query(
    `SELECT id::text AS id, harvested_area_ha, baseline_yield_t_ha::float8 AS baseline_yield_t_ha,
            export_share::float8 AS export_share, season_start_doy, season_end_doy
     FROM crop_regions WHERE slug = $1`,
    [slug],
  )) as RegionFacts[];
  return row!;
}

async function composites(
  regionId: string,
): Promise<{ day: string; ndvi: number; base: number }[]> {
  return (await maritime.harness.db.query(
    `SELECT observed_on::text AS day, ndvi::float8 AS ndvi, baseline_ndvi::float8 AS base
     FROM ndvi_observations WHERE region_id = $1::bigint ORDER BY observed_on`,
    [regionId],
  )) as { day: string; ndvi: number; base: number }[];
}

/** A value shown to `decimals` places is within half a unit of the last place of the exact one. */
function expectRounded(shown: number | null, exact: number, decimals: number): void {
  expect(Math.abs((shown as number) - exact)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

/** yield = baseline·clamp(1 + 1.5·mean deviation, 0.5, 1.5), by hand. */
const handYield = (baseline: number, deviationsPct: number[]): number => {
  const mean = deviationsPct.reduce((s, d) => s + d, 0) / deviationsPct.length / 100;
  return baseline * Math.min(1.5, Math.max(0.5, 1 + 1.5 * mean));
};

describe('satellite regions', () => {
  it('lists the ten regions with their export ports and latest NDVI health', async () => {
    const reply = await maritime.get<{ regions: Region[]; count: number }>(
      '/api/v1/satellite/regions',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(10);
    const ports = Object.fromEntries(
      reply.body.regions.map((r) => [r.slug, r.export_ports.map((p) => p.port)]),
    );
    expect(ports).toEqual({
      'ar-pampas': ['rosario'],
      'au-wa-wheatbelt': ['fremantle'],
      'br-mato-grosso-soy': ['santos', 'paranagua'],
      'br-parana-soy': ['paranagua'],
      'ca-saskatchewan': ['vancouver'],
      'fr-beauce-wheat': ['rouen'],
      'ru-krasnodar-wheat': ['novorossiysk'],
      'ua-central-grain': ['odesa'],
      'us-corn-belt': ['new-orleans'],
      'us-plains-wheat': ['houston'],
    });
    for (const region of reply.body.regions) {
      const latest = region.latest!;
      expect(latest.observed_on).toBe('2026-03-22');
      const deviation = (100 * (latest.ndvi - latest.baseline_ndvi)) / latest.baseline_ndvi;
      expectRounded(latest.deviation_pct, deviation, 2);
      expect(latest.health).toBe(ndviHealth(latest.deviation_pct));
    }
  });

  it('filters by crop and by country in any case, and refuses an unknown crop', async () => {
    const wheat = await maritime.get<{ regions: Region[] }>('/api/v1/satellite/regions?crop=wheat');
    expect(wheat.body.regions).toHaveLength(6);
    expect(wheat.body.regions.every((r) => r.crop === 'wheat')).toBe(true);
    const brazil = await maritime.get<{ regions: Region[] }>(
      '/api/v1/satellite/regions?country=bRAZIL',
    );
    expect(brazil.body.regions.map((r) => r.slug)).toEqual(['br-mato-grosso-soy', 'br-parana-soy']);
    const nowhere = await maritime.get<{ regions: Region[] }>(
      '/api/v1/satellite/regions?country=Atlantis',
    );
    expect(nowhere.body.regions).toEqual([]);
    const rice = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/satellite/regions?crop=rice',
    );
    expect(rice.status).toBe(400);
    expectErrorBody('code', rice.body, 'invalid_request');
    expect(rice.body.details.map((d) => d.field)).toEqual(['crop']);
  });
});

describe('satellite health', () => {
  it('recomputes deviation, band and season-to-date yield from every composite', async () => {
    const region = await facts('ar-pampas');
    const rows = await composites(region.id);
    const reply = await maritime.get<{ health: Health[]; count: number }>(
      '/api/v1/satellite/health?region=ar-pampas&from=2023-01-01&limit=500',
      pro,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(rows.length);
    const newestFirst = reply.body.health.map((h) => h.observed_on);
    expect(newestFirst).toEqual(rows.map((r) => r.day).reverse());
    const window = { startDoy: region.season_start_doy, endDoy: region.season_end_doy };
    const bySeason = new Map<number, number[]>();
    const byDay = new Map(reply.body.health.map((h) => [h.observed_on, h]));
    for (const row of rows) {
      const record = byDay.get(row.day)!;
      const deviation = ndviDeviationPct(row.ndvi, row.base)!;
      expectRounded(record.deviation_pct, (100 * (row.ndvi - row.base)) / row.base, 2);
      expect(record.health).toBe(ndviHealth(deviation));
      const season = seasonOfDay(row.day, window);
      expect(record.season).toBe(season);
      if (season === null) {
        expect(record.yield_estimate_t_ha).toBeNull();
        continue;
      }
      const seen = [...(bySeason.get(season) ?? []), deviation];
      bySeason.set(season, seen);
      expectRounded(record.yield_estimate_t_ha, handYield(region.baseline_yield_t_ha, seen), 3);
    }
  });

  it('covers all regions newest first, clamps the limit and echoes it', async () => {
    const standard = await maritime.get<{ health: Health[]; limit_applied: number }>(
      '/api/v1/satellite/health',
      pro,
    );
    expect(standard.body.limit_applied).toBe(50);
    expect(standard.body.health).toHaveLength(50);
    expect(standard.body.health.slice(0, 10).map((h) => h.observed_on)).toEqual(
      Array(10).fill('2026-03-22'),
    );
    expect(standard.body.health.slice(0, 10).map((h) => h.region)).toEqual(
      [...standard.body.health.slice(0, 10).map((h) => h.region)].sort(),
    );
    const clamped = await maritime.get<{ limit_applied: number; count: number }>(
      '/api/v1/satellite/health?limit=5000&from=2023-01-01',
      pro,
    );
    expect(clamped.body).toMatchObject({ limit_applied: 500, count: 500 });
    for (const bad of ['limit=0', 'limit=2.5', 'limit=-1'])
      expect((await maritime.get(`/api/v1/satellite/health?${bad}`, pro)).status).toBe(400);
  });

  it('answers 404 for an unknown region, 400 for a reversed window, 403 past the plan depth', async () => {
    const unknown = await maritime.get('/api/v1/satellite/health?region=atlantis-rice');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'region_not_found');
    const reversed = await maritime.get(
      '/api/v1/satellite/health?from=2026-03-10&to=2026-03-01',
      pro,
    );
    expect(reversed.status).toBe(400);
    const deep = await maritime.get('/api/v1/satellite/health?from=2026-03-01');
    expect(deep.status).toBe(403);
    expectErrorBody('code', deep.body, 'history_depth_exceeded');
    // anonymous callers see the last 7 days only; the newest composite is older
    const shallow = await maritime.get<{ count: number; window: { from: string } }>(
      '/api/v1/satellite/health',
    );
    expect(shallow.body).toMatchObject({ count: 0, window: { from: '2026-03-24T23:59:59.000Z' } });
  });
});

describe('satellite production', () => {
  it('recomputes the current season by hand, with its export-port split', async () => {
    const reply = await maritime.get<{ production: Production[] }>(
      '/api/v1/satellite/production?region=br-mato-grosso-soy',
    );
    expect(reply.status).toBe(200);
    const [estimate] = reply.body.production;
    const region = await facts('br-mato-grosso-soy');
    // 270 → 60 runs over the new year: the season started on 2025-09-27 and ends 2026-03-01
    expect(estimate).toMatchObject({
      region: 'br-mato-grosso-soy',
      crop: 'soybeans',
      season: 2026,
      season_start: '2025-09-27',
      season_end: '2026-03-01',
      status: 'complete',
    });
    const inSeason = (await composites(region.id)).filter(
      (r) => r.day >= '2025-09-27' && r.day <= '2026-03-01',
    );
    const deviations = inSeason.map((r) => ndviDeviationPct(r.ndvi, r.base)!);
    const yieldTHa = handYield(region.baseline_yield_t_ha, deviations);
    const production = (yieldTHa * region.harvested_area_ha) / 1e6;
    const baseline = (region.baseline_yield_t_ha * region.harvested_area_ha) / 1e6;
    const exports = production * region.export_share;
    expectRounded(estimate!.yield_t_ha, yieldTHa, 3);
    expectRounded(estimate!.production_mt, production, 3);
    expectRounded(estimate!.baseline_production_mt, baseline, 3);
    expectRounded(estimate!.change_pct, (100 * (production - baseline)) / baseline, 2);
    expectRounded(estimate!.export_estimate_mt, exports, 3);
    expect(estimate!.port_exports.map((p) => [p.port, p.share_pct])).toEqual([
      ['santos', 60],
      ['paranagua', 40],
    ]);
    expectRounded(estimate!.port_exports[0]!.estimate_mt, exports * 0.6, 3);
    expectRounded(estimate!.port_exports[1]!.estimate_mt, exports * 0.4, 3);
    const expected = compositeDaysBetween('2025-09-27', '2026-03-01').length;
    expect(estimate).toMatchObject({
      composites_observed: inSeason.length,
      composites_expected: expected,
    });
    expectRounded(estimate!.confidence, Math.min(1, inSeason.length / expected), 4);
  });

  it('gives a season in progress a confidence below 1, agreeing with the health yield', async () => {
    const reply = await maritime.get<{ production: Production[] }>(
      '/api/v1/satellite/production?region=ar-pampas',
    );
    const [estimate] = reply.body.production;
    // 300 → 110: season 2026 runs 2025-10-27 … 2026-04-20; its last three composites are future
    expect(estimate).toMatchObject({
      season: 2026,
      season_start: '2025-10-27',
      season_end: '2026-04-20',
      status: 'in_progress',
      composites_observed: 10,
      composites_expected: 11,
      confidence: 0.9091,
    });
    const health = await maritime.get<{ health: Health[] }>(
      '/api/v1/satellite/health?region=ar-pampas&limit=1',
      pro,
    );
    expect(health.body.health[0]!.yield_estimate_t_ha).toBe(estimate!.yield_t_ha);
  });

  it('filters by crop, takes an explicit season, and refuses bad input', async () => {
    const corn = await maritime.get<{ production: Production[] }>(
      '/api/v1/satellite/production?crop=corn&season=2025',
    );
    expect(corn.body.production.map((p) => [p.region, p.season, p.status])).toEqual([
      ['us-corn-belt', 2025, 'complete'],
    ]);
    expect(corn.body.production[0]!.confidence).toBe(1);
    expect(corn.body.production[0]!.port_exports.map((p) => p.port)).toEqual(['new-orleans']);
    const all = await maritime.get<{ production: Production[] }>('/api/v1/satellite/production');
    expect(all.body.production).toHaveLength(10);
    const unknown = await maritime.get('/api/v1/satellite/production?region=atlantis-rice');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'region_not_found');
    for (const bad of ['season=1999', 'season=20x5', 'season=2025.5', 'crop=rice'])
      expect((await maritime.get(`/api/v1/satellite/production?${bad}`)).status).toBe(400);
  });
});
