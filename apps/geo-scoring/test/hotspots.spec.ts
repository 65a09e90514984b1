// GET /api/permits/hotspots and /api/crime/hotspots on the tiny seed
// (see docs/geo-scoring/analytics.md#hotspots): fixture permits and incidents in cells without
// records, parameter policy, ordering.
import { cellToLatLng } from 'h3-js';
import { addDays } from '@platform/geo-domain';
import { GeoHarness, postIngest, startGeo, TEST_TODAY } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

interface PermitHotspot {
  h3_index: string;
  center_lat: number;
  center_lng: number;
  permit_count: number;
  total_value: number;
  avg_value: number | null;
  top_type: string;
}
interface CrimeHotspot {
  h3_index: string;
  incident_count: number;
  top_category: string;
  per_capita_rate: number | null;
  trend: string;
}
interface Cell {
  h3_index: string;
  lat: number;
  lng: number;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

describe('hotspots', () => {
  let geo: GeoHarness;
  const today = TEST_TODAY;

  const get = async <T>(path: string): Promise<{ status: number; body: T; headers: Headers }> => {
    const response = await fetch(`${geo.instances[0].url}${path}`);
    return {
      status: response.status,
      body: (await response.json()) as T,
      headers: response.headers,
    };
  };

  const ingest = async (dataset: string, records: object[]): Promise<void> => {
    const response = await postIngest(geo.instances[0].url, dataset, records);
    expect(await response.json()).toMatchObject({ rejected: 0, received: records.length });
  };

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
  });
  afterAll(async () => {
    await geo?.close();
  });

  describe('permits', () => {
    let cell: Cell;

    beforeAll(async () => {
      [cell] = await geo.db.query<Cell[]>(
        `SELECT c.h3_index, c.lat, c.lng FROM cells c
         WHERE c.metro_slug = 'atx'
           AND NOT EXISTS (SELECT 1 FROM permits p WHERE p.h3_index = c.h3_index)
         ORDER BY c.h3_index LIMIT 1`,
      );
      // Ten permits valued 100…1000, six of type A, filed over the last ten days.
      await ingest(
        'permits',
        Array.from({ length: 10 }, (_, i) => ({
          permit_number: `HOT-${i + 1}`,
          permit_type: i < 6 ? 'A' : 'B',
          work_class: 'residential',
          value: (i + 1) * 100,
          address: `${i + 1} Fixture St`,
          lat: cell.lat,
          lng: cell.lng,
          filed_date: addDays(today, -i),
          status: 'issued',
        })),
      );
    });

    it('aggregates a cell: count, Σ value, mean value, most frequent type, centre', async () => {
      const { status, body, headers } = await get<{
        metro: string;
        days: number;
        hotspots: PermitHotspot[];
      }>('/api/permits/hotspots?metro_slug=atx&limit=100');
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=600');
      expect(headers.get('x-ratelimit-limit')).toBe('120');
      expect(body.metro).toBe('atx');
      expect(body.days).toBe(90);
      const [lat, lng] = cellToLatLng(cell.h3_index);
      expect(body.hotspots.find((h) => h.h3_index === cell.h3_index)).toEqual({
        h3_index: cell.h3_index,
        center_lat: round6(lat),
        center_lng: round6(lng),
        permit_count: 10,
        total_value: 5500,
        avg_value: 550,
        top_type: 'A',
      });
    });

    it('orders by permit_count DESC, total_value DESC, h3_index and matches SQL', async () => {
      const { body } = await get<{ hotspots: PermitHotspot[] }>(
        '/api/permits/hotspots?metro_slug=atx&days=365&limit=100',
      );
      const sorted = [...body.hotspots].sort(
        (a, b) =>
          b.permit_count - a.permit_count ||
          b.total_value - a.total_value ||
          (a.h3_index < b.h3_index ? -1 : 1),
      );
      expect(body.hotspots).toEqual(sorted);
      const expected = await geo.db.query<{ h3_index: string; n: number }[]>(
        `SELECT h3_index, COUNT(*)::int AS n FROM permits
         WHERE metro_slug = 'atx' AND filed_date BETWEEN $1::date - 364 AND $1::date
         GROUP BY h3_index ORDER BY n DESC, COALESCE(SUM(value), 0) DESC, h3_index COLLATE "C"
         LIMIT 100`,
        [today],
      );
      expect(body.hotspots.map((h) => [h.h3_index, h.permit_count])).toEqual(
        expected.map((r) => [r.h3_index, r.n]),
      );
      for (const h of body.hotspots) {
        if (h.avg_value === null) expect(h.total_value).toBe(0);
      }
    });

    it('the window covers the last `days` days including today', async () => {
      const { body } = await get<{ days: number; hotspots: PermitHotspot[] }>(
        '/api/permits/hotspots?metro_slug=atx&days=3&limit=100',
      );
      // Filed today, yesterday and the day before: 100 + 200 + 300, types A.
      expect(body.hotspots.find((h) => h.h3_index === cell.h3_index)).toMatchObject({
        permit_count: 3,
        total_value: 600,
        avg_value: 200,
        top_type: 'A',
      });
    });
  });

  describe('crime', () => {
    // days=10: the oldest 5 days vs the newest 5 days.
    const older = addDays(today, -8);
    const newer = addDays(today, -1);
    let cells: Cell[];

    beforeAll(async () => {
      cells = await geo.db.query<Cell[]>(
        `SELECT c.h3_index, c.lat, c.lng FROM cells c
         WHERE c.metro_slug = 'atx' AND NOT EXISTS (
           SELECT 1 FROM crime_daily_r8 r
           WHERE r.h3_index = c.h3_index AND r.day >= $1::date - 30 AND r.incident_count > 0)
         ORDER BY c.h3_index DESC LIMIT 3`,
        [today],
      );
      const incidents: object[] = [];
      const plant = (cell: Cell, day: string, category: string, n: number): void => {
        for (let i = 0; i < n; i++) {
          incidents.push({
            source: 'hotspot-test',
            source_incident_id: `${cell.h3_index}-${day}-${category}-${i}`,
            occurred_at: `${day}T12:00:00Z`,
            category,
            offense: 'larceny_theft',
            lat: cell.lat,
            lng: cell.lng,
          });
        }
      };
      const [rising, flat, falling] = cells;
      plant(rising, older, 'other', 2);
      plant(rising, newer, 'violent', 8);
      plant(flat, older, 'violent', 5);
      plant(flat, newer, 'property', 5);
      plant(falling, older, 'other', 8);
      plant(falling, newer, 'other', 2);
      await ingest('crime-incidents', incidents);
    });

    type CrimeBody = {
      metro: string;
      days: number;
      total_incidents: number;
      hotspots: CrimeHotspot[];
    };
    const byCell = (body: CrimeBody, cell: Cell): CrimeHotspot | undefined =>
      body.hotspots.find((h) => h.h3_index === cell.h3_index);

    it('trend 2/8 increasing, 5/5 stable, 8/2 declining; top_category ties property first', async () => {
      const { status, body } = await get<CrimeBody>(
        '/api/crime/hotspots?metro_slug=atx&days=10&limit=100',
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ metro: 'atx', days: 10 });
      const [rising, flat, falling] = cells;
      expect(byCell(body, rising)).toMatchObject({
        incident_count: 10,
        top_category: 'violent',
        trend: 'increasing',
      });
      expect(byCell(body, flat)).toMatchObject({
        incident_count: 10,
        top_category: 'property',
        trend: 'stable',
      });
      expect(byCell(body, falling)).toMatchObject({
        incident_count: 10,
        top_category: 'other',
        trend: 'declining',
      });
    });

    it('total_incidents, order and per_capita_rate match the rollup and cell_population', async () => {
      const { body } = await get<CrimeBody>('/api/crime/hotspots?metro_slug=atx&days=30&limit=100');
      const [total] = await geo.db.query<{ n: string }[]>(
        `SELECT COALESCE(SUM(incident_count), 0)::text AS n FROM crime_daily_r8
         WHERE metro_slug = 'atx' AND day BETWEEN $1::date - 29 AND $1::date`,
        [today],
      );
      expect(body.total_incidents).toBe(Number(total.n));
      const sorted = [...body.hotspots].sort(
        (a, b) => b.incident_count - a.incident_count || (a.h3_index < b.h3_index ? -1 : 1),
      );
      expect(body.hotspots).toEqual(sorted);
      const populations = new Map(
        (
          await geo.db.query<{ h3_index: string; population: number }[]>(
            'SELECT h3_index, population::float8 AS population FROM cell_population',
          )
        ).map((r) => [r.h3_index, r.population]),
      );
      let nulls = 0;
      for (const h of body.hotspots) {
        const population = populations.get(h.h3_index);
        if (population === undefined || population < 100) {
          expect(h.per_capita_rate).toBeNull();
          nulls += 1;
        } else {
          expect(h.per_capita_rate).toBeCloseTo((h.incident_count / population) * 1000, 2);
        }
      }
      expect(nulls).toBeLessThan(body.hotspots.length);
    });

    it('category filters before counting and trending', async () => {
      const { body } = await get<CrimeBody>(
        '/api/crime/hotspots?metro_slug=atx&days=10&limit=100&category=violent',
      );
      const [rising, flat, falling] = cells;
      expect(byCell(body, rising)).toMatchObject({
        incident_count: 8,
        top_category: 'violent',
        trend: 'increasing',
      });
      expect(byCell(body, flat)).toMatchObject({ incident_count: 5, trend: 'declining' });
      expect(byCell(body, falling)).toBeUndefined();
      expect(body.hotspots.every((h) => h.top_category === 'violent')).toBe(true);
    });
  });

  describe('parameter policy', () => {
    it('is documented in OpenAPI with bounds, defaults and enums', async () => {
      const doc = (await (await fetch(`${geo.instances[0].url}/openapi.json`)).json()) as {
        paths: Record<
          string,
          { get: { parameters: { name: string; required?: boolean; schema: object }[] } }
        >;
      };
      const params = (path: string) =>
        Object.fromEntries(doc.paths[path].get.parameters.map((p) => [p.name, p]));
      for (const path of ['/api/permits/hotspots', '/api/crime/hotspots']) {
        const p = params(path);
        expect(p.metro_slug).toMatchObject({ required: true });
        expect(p.days.schema).toMatchObject({ minimum: 1, maximum: 365, default: 90 });
        expect(p.limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
      }
      expect(params('/api/crime/hotspots').category.schema).toMatchObject({
        enum: ['property', 'violent', 'other'],
      });
    });

    it.each([
      ['permits', '/api/permits/hotspots'],
      ['crime', '/api/crime/hotspots'],
    ])('%s: limit and days are clamped', async (_name, path) => {
      const one = await get<{ hotspots: unknown[]; days: number }>(
        `${path}?metro_slug=atx&limit=0&days=0`,
      );
      expect(one.status).toBe(200);
      expect(one.body.days).toBe(1);
      expect(one.body.hotspots.length).toBeLessThanOrEqual(1);
      const many = await get<{ hotspots: unknown[]; days: number }>(
        `${path}?metro_slug=atx&limit=1000&days=100000`,
      );
      expect(many.status).toBe(200);
      expect(many.body.days).toBe(365);
      expect(many.body.hotspots.length).toBeLessThanOrEqual(100);
      expect(many.body.hotspots.length).toBeGreaterThan(1);
      const defaults = await get<{ hotspots: unknown[]; days: number }>(`${path}?metro_slug=bos`);
      expect(defaults.body.days).toBe(90);
      expect(defaults.body.hotspots.length).toBeLessThanOrEqual(25);
    });

    it.each([
      '/api/permits/hotspots',
      '/api/permits/hotspots?days=10',
      '/api/permits/hotspots?metro_slug=',
      '/api/permits/hotspots?metro_slug=atx&metro_slug=bos',
      '/api/permits/hotspots?metro_slug=atx&limit=abc',
      '/api/permits/hotspots?metro_slug=atx&days=1.5',
      '/api/permits/hotspots?metro_slug=atx&category=violent',
      '/api/permits/hotspots?metro_slug=atx&foo=1',
      '/api/crime/hotspots',
      '/api/crime/hotspots?metro_slug=atx&category=Violent',
      '/api/crime/hotspots?metro_slug=atx&category=',
      '/api/crime/hotspots?metro_slug=atx&days=1e2',
      '/api/crime/hotspots?metro_slug=atx&limit[]=3',
      '/api/crime/hotspots?metro_slug=atx&limit=99999999999999999999',
      '/api/crime/hotspots?metro_slug[a]=atx',
      // Malformed slugs (not ^[a-z]{2,10}$) are bad requests, not unknown metros.
      ...['ATX', 'a%27%3B--', 'x'.repeat(11), 'a', ''].flatMap((slug) => [
        `/api/permits/hotspots?metro_slug=${slug}`,
        `/api/crime/hotspots?metro_slug=${slug}`,
      ]),
    ])('%s → 400 invalid_request', async (path) => {
      const { status, body, headers } = await get<{ code: string }>(path);
      expect({ status, code: body.code }).toEqual({ status: 400, code: 'invalid_request' });
      expect(headers.get('cache-control')).toBe('private, no-store');
    });

    it.each(['zzz', 'x'.repeat(10)])('unknown metro %s → 404 metro_not_found', async (slug) => {
      for (const path of ['/api/permits/hotspots', '/api/crime/hotspots']) {
        const { status, body } = await get<{ code: string }>(`${path}?metro_slug=${slug}`);
        expect({ path, status, code: body.code }).toEqual({
          path,
          status: 404,
          code: 'metro_not_found',
        });
      }
    });
  });
});
