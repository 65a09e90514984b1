import { latLngToCell } from 'h3-js';
import { addDays } from '@platform/geo-domain';
import { GeoHarness, postIngest, startGeo, TEST_TODAY } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

// GET /api/construction (see docs/geo-scoring/analytics.md#construction) on the tiny seed. Exact
// checks use a fixture metro of their own, so seeded detections never mix in.
/** The service's today: the harness clock's date. */
const TODAY = TEST_TODAY;
const METRO = {
  slug: 'cnst',
  name: 'Construction Test',
  state: 'TX',
  center_lat: 35.0,
  center_lng: -100.0,
  radius_km: 2,
};

interface Detection {
  id: string;
  h3_index: string;
  center_lat: number;
  center_lng: number;
  estimated_area_sqft: number;
  confidence: number;
  first_detected: string;
  last_detected: string;
  nearest_permit_id: string | null;
}

interface ConstructionBody {
  metro: string;
  days: number;
  total_detections: number;
  detections: Detection[];
}

describe('GET /api/construction', () => {
  let geo: GeoHarness;
  let url: string;

  const ingest = async (dataset: string, records: object[]): Promise<void> => {
    const response = await postIngest(url, dataset, records, '?backfill=true');
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { rejected: 0 },
    });
  };

  const construction = async (query: string): Promise<ConstructionBody> => {
    const response = await fetch(`${url}/api/construction?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ConstructionBody;
  };

  /** A detection whose source id is its name; lat offsets keep the sites apart. */
  const detection = (name: string, lastDaysAgo: number, area: number, offset: number): object => ({
    source: 'construction-test',
    source_detection_id: name,
    lat: 35.0 + offset * 0.001,
    lng: -100.0,
    estimated_area_sqft: area,
    confidence: 0.75,
    first_detected: addDays(TODAY, -lastDaysAgo - 20),
    last_detected: addDays(TODAY, -lastDaysAgo),
  });

  /** Response id (`cd_…`) → source_detection_id, read back from the table. */
  let nameOf: Map<string, string>;

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
    url = geo.instances[0].url;
    await ingest('metros', [METRO]);
    await ingest('permits', [
      {
        permit_number: 'C-1',
        permit_type: 'New Construction',
        work_class: 'commercial',
        value: 900000,
        address: '1 Site Rd',
        lat: 35.0001,
        lng: -100.0,
        filed_date: addDays(TODAY, -100),
        status: 'issued',
      },
    ]);
    await ingest('construction-detections', [
      detection('today-big', 0, 9000, 0),
      detection('today-small', 0, 6000, 1),
      detection('yesterday', 1, 20000, 2),
      detection('day-29', 29, 5000, 3),
      detection('day-30', 30, 50000, 4),
      detection('too-small', 2, 4999, 5),
      detection('day-200', 200, 7000, 6),
    ]);
    const rows = await geo.db.query<{ id: string; source_detection_id: string }[]>(
      `SELECT id, source_detection_id FROM construction_detections WHERE source = 'construction-test'`,
    );
    nameOf = new Map(rows.map((r) => [r.id, r.source_detection_id]));
  });

  afterAll(async () => {
    await geo.close();
  });

  const names = (body: ConstructionBody): string[] =>
    body.detections.map((d) => nameOf.get(d.id) ?? `unknown ${d.id}`);

  it('lists the last 30 days with area ≥ 5000 by default, newest then largest first', async () => {
    const response = await fetch(`${url}/api/construction?metro_slug=cnst`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(
      'public, s-maxage=300, stale-while-revalidate=600',
    );
    expect(response.headers.get('x-ratelimit-limit')).toBe('120');
    const body = (await response.json()) as ConstructionBody;
    expect(body).toMatchObject({ metro: 'cnst', days: 30, total_detections: 4 });
    expect(names(body)).toEqual(['today-big', 'today-small', 'yesterday', 'day-29']);
    expect(body.detections[0]).toEqual({
      id: expect.stringMatching(/^cd_[0-9A-Z]{26}$/),
      h3_index: latLngToCell(35.0, -100.0, 8),
      center_lat: 35.0,
      center_lng: -100.0,
      estimated_area_sqft: 9000,
      confidence: 0.75,
      first_detected: addDays(TODAY, -20),
      last_detected: TODAY,
      nearest_permit_id: 'cnst-C-1',
    });
  });

  it('takes days (clamped to 1..365) and min_area_sqft (validated)', async () => {
    expect(names(await construction('metro_slug=cnst&days=31'))).toEqual([
      'today-big',
      'today-small',
      'yesterday',
      'day-29',
      'day-30',
    ]);
    const one = await construction('metro_slug=cnst&days=0');
    expect({ days: one.days, names: names(one) }).toEqual({
      days: 1,
      names: ['today-big', 'today-small'],
    });
    const year = await construction('metro_slug=cnst&days=100000&min_area_sqft=0');
    expect({ days: year.days, total: year.total_detections }).toEqual({ days: 365, total: 7 });
    expect(names(await construction('metro_slug=cnst&min_area_sqft=9000'))).toEqual([
      'today-big',
      'yesterday',
    ]);
  });

  it('returns at most limit detections (clamped to 1..1000) while counting all', async () => {
    const two = await construction('metro_slug=cnst&limit=2');
    expect({ total: two.total_detections, names: names(two) }).toEqual({
      total: 4,
      names: ['today-big', 'today-small'],
    });
    expect((await construction('metro_slug=cnst&limit=0')).detections).toHaveLength(1);
    expect((await construction('metro_slug=cnst&limit=99999')).detections).toHaveLength(4);
  });

  it('counts the seeded detections of a metro', async () => {
    const [{ count }] = await geo.db.query<{ count: string }[]>(
      `SELECT count(*) FROM construction_detections
       WHERE metro_slug = 'atx' AND last_detected BETWEEN $1::date AND $2::date`,
      [addDays(TODAY, -364), TODAY],
    );
    const body = await construction('metro_slug=atx&days=365&min_area_sqft=0&limit=1000');
    expect(Number(count)).toBeGreaterThan(0);
    expect(body.total_detections).toBe(Number(count));
    expect(body.detections).toHaveLength(Number(count));
    const keys = body.detections.map((d) => [d.last_detected, d.estimated_area_sqft] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
  });

  it.each(['metro_slug=zzz', 'metro_slug=abcdefghij'])(
    '%s (well-formed, unknown) → 404 metro_not_found',
    async (query) => {
      const response = await fetch(`${url}/api/construction?${query}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'metro_not_found' });
    },
  );

  it.each([
    '',
    'metro_slug=',
    'metro_slug=ATX',
    'metro_slug=a',
    'metro_slug=abcdefghijk',
    'days=30',
    'metro_slug=atx&metro_slug=bos',
    'metro_slug=atx&days=abc',
    'metro_slug=atx&days=2.5',
    'metro_slug=atx&limit=',
    'metro_slug=atx&min_area_sqft=-1',
    'metro_slug=atx&min_area_sqft=1.5',
    'metro_slug=atx&min_area_sqft=abc',
    'metro_slug=atx&min_area_sqft=',
    'metro_slug=atx&min_area_sqft=99999999999999',
    'metro_slug=atx&metro=atx',
  ])('%p → 400 invalid_request', async (query) => {
    const response = await fetch(`${url}/api/construction?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });
});
