import { gridDisk, latLngToCell } from 'h3-js';
import { addDays, EARTH_RADIUS_M, haversineMeters } from '@platform/geo-domain';
import { GeoHarness, postIngest, startGeo, TEST_TODAY } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

// GET /api/nearby (see docs/geo-scoring/analytics.md#nearby) on the tiny seed. The records around
// the test point are deleted first, so the fixtures alone decide every count.
const LAT = 30.2672;
const LNG = -97.7431;
const CELL = latLngToCell(LAT, LNG, 8);
/** The service's today: the harness clock's date. */
const TODAY = TEST_TODAY;
const RECORD_TABLES = [
  'permits',
  'crime_incidents',
  'business_licenses',
  'zba_decisions',
  'construction_detections',
];

/** The point `meters` due north of the test point (a meridian arc, so haversine = meters). */
function north(meters: number): { lat: number; lng: number } {
  return { lat: LAT + ((meters / EARTH_RADIUS_M) * 180) / Math.PI, lng: LNG };
}

interface NearbyBody {
  lat: number;
  lng: number;
  h3_index: string;
  radius_m: number;
  summary: Record<string, number>;
  recent: Record<string, Record<string, unknown>[]>;
}

describe('GET /api/nearby', () => {
  let geo: GeoHarness;
  let url: string;

  const ingest = async (dataset: string, records: object[]): Promise<void> => {
    const response = await postIngest(url, dataset, records, '?backfill=true');
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { rejected: 0 },
    });
  };

  const nearby = async (query = `lat=${LAT}&lng=${LNG}`): Promise<NearbyBody> => {
    const response = await fetch(`${url}/api/nearby?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as NearbyBody;
  };

  const permit = (number: string, meters: number, filedDate = TODAY): object => ({
    permit_number: number,
    permit_type: 'New Construction',
    work_class: 'commercial',
    value: 125000.5,
    address: `${number} Test St`,
    ...north(meters),
    filed_date: filedDate,
    status: 'filed',
  });

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
    url = geo.instances[0].url;
    const around = gridDisk(CELL, 3);
    for (const table of RECORD_TABLES) {
      await geo.db.query(`DELETE FROM ${table} WHERE h3_index = ANY($1::text[])`, [around]);
    }
  });

  afterAll(async () => {
    await geo.close();
  });

  it('answers the point, its cell, the radius and an empty summary per type', async () => {
    const response = await fetch(`${url}/api/nearby?lat=${LAT}&lng=${LNG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(
      'public, s-maxage=300, stale-while-revalidate=600',
    );
    expect(response.headers.get('x-ratelimit-limit')).toBe('120');
    expect(await response.json()).toEqual({
      lat: LAT,
      lng: LNG,
      h3_index: CELL,
      radius_m: 1000,
      summary: Object.fromEntries(RECORD_TABLES.map((t) => [t, 0])),
      recent: Object.fromEntries(RECORD_TABLES.map((t) => [t, []])),
    });
  });

  it('counts a permit 990 m away and not one 1,010 m away', async () => {
    expect(haversineMeters(LAT, LNG, north(990).lat, north(990).lng)).toBeCloseTo(990, 6);
    // 1,010 m lies inside gridDisk(cell, 2): the haversine test, not the ring, leaves it out.
    expect(gridDisk(CELL, 2)).toContain(latLngToCell(north(1010).lat, north(1010).lng, 8));
    await ingest('permits', [permit('NB-990', 990), permit('NB-1010', 1010)]);
    const body = await nearby();
    expect(body.summary.permits).toBe(1);
    expect(body.recent.permits).toEqual([
      {
        id: 'atx-NB-990',
        date: TODAY,
        ...north(990),
        distance_m: 990,
        permit_number: 'NB-990',
        permit_type: 'New Construction',
        value: 125000.5,
        address: 'NB-990 Test St',
      },
    ]);
  });

  it('keeps permits filed in the last 365 days including today', async () => {
    await ingest('permits', [
      permit('NB-OLDEST', 100, addDays(TODAY, -364)),
      permit('NB-TOO-OLD', 100, addDays(TODAY, -365)),
    ]);
    const body = await nearby();
    expect(body.summary.permits).toBe(2);
    expect(body.recent.permits.map((p) => p.permit_number)).toEqual(['NB-990', 'NB-OLDEST']);
  });

  it('lists the 5 newest crime incidents of the window, counting all of them', async () => {
    const at = (days: number, time = '12:00:00'): string => `${addDays(TODAY, -days)}T${time}Z`;
    const incident = (id: string, occurredAt: string): object => ({
      source: 'nearby-test',
      source_incident_id: id,
      occurred_at: occurredAt,
      category: 'property',
      offense: 'burglary',
      ...north(500),
    });
    await ingest('crime-incidents', [
      incident('c1', at(1)),
      incident('c2', at(2)),
      incident('c3', at(3)),
      incident('c4', at(4)),
      incident('c5', at(5)),
      incident('c6', at(6)),
      incident('c-first-day', at(364, '00:00:00')),
      incident('c-outside', at(365, '23:59:59')),
    ]);
    const body = await nearby();
    expect(body.summary.crime_incidents).toBe(7);
    expect(body.recent.crime_incidents.map((c) => c.date)).toEqual(
      [1, 2, 3, 4, 5].map((d) => addDays(TODAY, -d)),
    );
    expect(body.recent.crime_incidents[0]).toEqual({
      id: expect.any(Number),
      date: addDays(TODAY, -1),
      ...north(500),
      distance_m: 500,
      category: 'property',
      offense: 'burglary',
      magnitude: 3,
    });
  });

  it('counts business licences active today', async () => {
    const licence = (id: string, closeDate: string | null): object => ({
      source_id: id,
      business_name: `Shop ${id}`,
      address: `${id} Main St`,
      ...north(300),
      naics_code: '722511',
      occurred_at: '2024-03-01T09:00:00Z',
      close_date: closeDate,
    });
    await ingest('business-licenses', [
      licence('open', null),
      licence('closing-tomorrow', addDays(TODAY, 1)),
      licence('closed-today', TODAY),
      licence('closed-last-year', addDays(TODAY, -400)),
    ]);
    const body = await nearby();
    expect(body.summary.business_licenses).toBe(2);
    expect(body.recent.business_licenses.map((l) => l.business_name).sort()).toEqual([
      'Shop closing-tomorrow',
      'Shop open',
    ]);
    expect(Object.keys(body.recent.business_licenses[0]).sort()).toEqual(
      [
        'id',
        'date',
        'lat',
        'lng',
        'distance_m',
        'business_name',
        'naics_code',
        'pioneer_tier',
        'address',
      ].sort(),
    );
    expect(body.recent.business_licenses[0]).toMatchObject({
      date: '2024-03-01',
      naics_code: '722511',
      distance_m: 300,
    });
  });

  it('counts zoning-board decisions and construction detections of the last 365 days', async () => {
    const decision = (caseNumber: string, decisionDate: string): object => ({
      jurisdiction: 'Boston',
      case_number: caseNumber,
      address: `${caseNumber} Elm St`,
      ...north(700),
      variance_type: 'Height',
      outcome: 'Approved',
      decision_date: decisionDate,
    });
    const detection = (id: string, lastDetected: string): object => ({
      source: 'nearby-test',
      source_detection_id: id,
      ...north(800),
      estimated_area_sqft: 12000,
      confidence: 0.9,
      first_detected: addDays(TODAY, -500),
      last_detected: lastDetected,
    });
    await ingest('zba-decisions', [
      decision('ZBA-1', addDays(TODAY, -10)),
      decision('ZBA-OLD', addDays(TODAY, -365)),
    ]);
    // The site's own permit, filed before it was last seen: its nearest permit.
    await ingest('permits', [permit('NB-SITE', 805, addDays(TODAY, -30))]);
    await ingest('construction-detections', [
      detection('d1', addDays(TODAY, -3)),
      detection('d-old', addDays(TODAY, -365)),
    ]);
    const body = await nearby();
    expect(body.summary.zba_decisions).toBe(1);
    expect(body.recent.zba_decisions).toEqual([
      {
        id: expect.any(Number),
        date: addDays(TODAY, -10),
        ...north(700),
        distance_m: 700,
        case_number: 'ZBA-1',
        variance_type: 'Height',
        outcome: 'Approved',
        address: 'ZBA-1 Elm St',
      },
    ]);
    expect(body.summary.construction_detections).toBe(1);
    expect(body.recent.construction_detections).toEqual([
      {
        id: expect.stringMatching(/^cd_/),
        date: addDays(TODAY, -3),
        ...north(800),
        distance_m: 800,
        estimated_area_sqft: 12000,
        confidence: 0.9,
        nearest_permit_id: 'atx-NB-SITE',
      },
    ]);
  });

  it('measures from the query point, not from the cell centre', async () => {
    // From 600 m north, NB-1010 is 410 m away and NB-990 390 m: both count.
    const point = north(600);
    const body = await nearby(`lat=${point.lat}&lng=${point.lng}`);
    expect(body.recent.permits.map((p) => [p.permit_number, p.distance_m])).toEqual(
      expect.arrayContaining([
        ['NB-990', 390],
        ['NB-1010', 410],
      ]),
    );
  });

  it.each([
    ['lat=91&lng=0'],
    ['lat=-90.0001&lng=0'],
    ['lat=0&lng=180.5'],
    ['lat=0&lng=-181'],
    ['lat=0'],
    ['lng=0'],
    [''],
    ['lat=&lng=0'],
    ['lat=abc&lng=0'],
    ['lat=NaN&lng=0'],
    ['lat=Infinity&lng=0'],
    ['lat=0x10&lng=0'],
    ['lat=1&lat=2&lng=0'],
    ['lat[a]=1&lng=0'],
    ['lat=0&lng=0&radius=5'],
  ])('refuses %p with 400 invalid_request', async (query) => {
    const response = await fetch(`${url}/api/nearby?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('accepts the extreme coordinates', async () => {
    for (const query of ['lat=90&lng=180', 'lat=-90&lng=-180', 'lat=1e1&lng=-1.5E1']) {
      const body = await nearby(query);
      expect(body.summary.permits).toBe(0);
    }
  });
});
