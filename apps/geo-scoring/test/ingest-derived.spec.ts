import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { haversineMeters } from '@platform/geo-domain';
import { GeoHarness, postIngest, startGeo, type IngestBody } from './support/geo-harness';

// What an ingest derives in its transaction: rollups, pioneer tiers, nearest-permit links,
// permit.filed outbox rows, location names.
const METRO = {
  slug: 'atx',
  name: 'Austin, TX',
  state: 'TX',
  center_lat: 30.2672,
  center_lng: -97.7431,
  radius_km: 3,
};
const CELL_A = latLngToCell(30.2672, -97.7431, 8);
// A neighbour cell inside the metro: gridDisk(A, 1) lies well within 3 km of the centre.
const CELL_B = gridDisk(CELL_A, 1).find((c) => c !== CELL_A) as string;
const [A_LAT, A_LNG] = cellToLatLng(CELL_A);
const [B_LAT, B_LNG] = cellToLatLng(CELL_B);

describe('ingest derived data', () => {
  let geo: GeoHarness;

  const ingest = async (dataset: string, records: object[], query = ''): Promise<IngestBody> => {
    const response = await postIngest(geo.instances[0].url, dataset, records, query);
    const body = (await response.json()) as IngestBody;
    expect({ status: response.status, body }).toMatchObject({ status: 200, body: { rejected: 0 } });
    return body;
  };

  const rows = <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
    geo.db.query<T[]>(sql, params);

  beforeAll(async () => {
    geo = await startGeo({ env: { QUEUE_WORKERS: 'false' } });
    await ingest('metros', [METRO]);
  });

  afterAll(async () => {
    await geo.close();
  });

  describe('activity and crime rollups', () => {
    const event = (id: string, at: string, type: string, lat: number, lng: number): object => ({
      source: 'app',
      source_event_id: id,
      occurred_at: at,
      event_type: type,
      lat,
      lng,
    });
    const events = [
      event('e1', '2025-06-01T01:00:00Z', 'visit', A_LAT, A_LNG),
      event('e2', '2025-06-01T23:59:59Z', 'visit', A_LAT, A_LNG),
      event('e3', '2025-06-01T12:00:00Z', 'transaction', A_LAT, A_LNG),
      // 2025-06-02 01:00 in UTC although it is still June 1st in Austin.
      event('e4', '2025-06-01T20:00:00-05:00', 'review', B_LAT, B_LNG),
      event('e5', '2025-07-03T10:00:00Z', 'checkin', B_LAT, B_LNG),
    ];
    const activityR8 = (): Promise<unknown[]> =>
      rows(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, h3_index, visits, transactions, checkins, reviews
         FROM activity_daily_r8 WHERE metro_slug = 'atx' AND (visits + transactions + checkins + reviews) > 0
         ORDER BY day, h3_index`,
      );
    /** An activity_daily_r8 row: [visits, transactions, checkins, reviews]. */
    const r8 = (day: string, h3Index: string, counts: [number, number, number, number]) => {
      const [visits, transactions, checkins, reviews] = counts;
      return { day, h3_index: h3Index, visits, transactions, checkins, reviews };
    };
    const r5 = (day: string, n: number): object => ({
      day,
      h3_r5: expect.any(String),
      event_count: n,
    });
    const activityR5 = (): Promise<unknown[]> =>
      rows(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, h3_r5, event_count FROM activity_daily_r5
         WHERE event_count > 0 ORDER BY day, h3_r5`,
      );

    it('adds exactly what was ingested, and a re-ingest changes nothing', async () => {
      expect(await ingest('activity-events', events)).toMatchObject({ inserted: 5, updated: 0 });
      const expected8 = [
        r8('2025-06-01', CELL_A, [2, 1, 0, 0]),
        r8('2025-06-02', CELL_B, [0, 0, 0, 1]),
        r8('2025-07-03', CELL_B, [0, 0, 1, 0]),
      ];
      expect(await activityR8()).toEqual(expected8);
      const expected5 = [r5('2025-06-01', 3), r5('2025-06-02', 1), r5('2025-07-03', 1)];
      expect(await activityR5()).toEqual(expected5);

      expect(await ingest('activity-events', events)).toMatchObject({ inserted: 0, updated: 5 });
      expect(await activityR8()).toEqual(expected8);
      expect(await activityR5()).toEqual(expected5);
      const [{ count }] = await rows<{ count: string }>('SELECT count(*) FROM activity_events');
      expect(Number(count)).toBe(5);
    });

    it('moves the contribution of a record re-ingested with another cell and type', async () => {
      await ingest('activity-events', [
        event('e1', '2025-06-01T01:00:00Z', 'review', B_LAT, B_LNG),
      ]);
      const moved = [
        r8('2025-06-01', CELL_A, [1, 1, 0, 0]),
        r8('2025-06-01', CELL_B, [0, 0, 0, 1]),
        r8('2025-06-02', CELL_B, [0, 0, 0, 1]),
        r8('2025-07-03', CELL_B, [0, 0, 1, 0]),
      ];
      const byDayAndCell = (
        a: { day: string; h3_index: string },
        b: { day: string; h3_index: string },
      ): number => (a.day + a.h3_index).localeCompare(b.day + b.h3_index);
      expect(await activityR8()).toEqual(moved.sort(byDayAndCell));
      // The res-5 total of June 1st is unchanged (both cells share a res-5 parent).
      expect(await activityR5()).toEqual([
        r5('2025-06-01', 3),
        r5('2025-06-02', 1),
        r5('2025-07-03', 1),
      ]);
    });

    it('moves a crime incident to its new day and category, magnitudes included', async () => {
      const incident = {
        source: 'apd',
        source_incident_id: 'i1',
        occurred_at: '2025-06-10T10:00:00Z',
        category: 'property',
        offense: 'burglary',
        lat: A_LAT,
        lng: A_LNG,
      };
      await ingest('crime-incidents', [
        incident,
        { ...incident, source_incident_id: 'i2', offense: 'vandalism' },
        { ...incident, source_incident_id: 'i3', magnitude: 0.1 },
      ]);
      const crimeR8 = (): Promise<unknown[]> =>
        rows(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, category, incident_count,
             round(magnitude_sum::numeric, 4)::float8 AS magnitude
           FROM crime_daily_r8 WHERE incident_count > 0 ORDER BY day, category`,
        );
      expect(await crimeR8()).toEqual([
        { day: '2025-06-10', category: 'property', incident_count: 3, magnitude: 3.6 },
      ]);
      await ingest('crime-incidents', [
        {
          ...incident,
          occurred_at: '2025-06-12T10:00:00Z',
          category: 'violent',
          offense: 'robbery',
        },
      ]);
      expect(await crimeR8()).toEqual([
        { day: '2025-06-10', category: 'property', incident_count: 2, magnitude: 0.6 },
        { day: '2025-06-12', category: 'violent', incident_count: 1, magnitude: 5 },
      ]);
      const r5 = await rows<{ day: string; incident_count: number; magnitude: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, incident_count,
           round(magnitude_sum::numeric, 4)::float8 AS magnitude
         FROM crime_daily_r5 WHERE incident_count > 0 ORDER BY day`,
      );
      expect(r5).toEqual([
        { day: '2025-06-10', incident_count: 2, magnitude: 0.6 },
        { day: '2025-06-12', incident_count: 1, magnitude: 5 },
      ]);
    });
  });

  describe('business licence pioneer tiers', () => {
    it('counts open same-industry licences opened before in gridDisk(cell, 1)', async () => {
      const licence = (id: string, at: string, extra: object = {}): object => ({
        source_id: id,
        business_name: `Biz ${id}`,
        address: `${id} Congress Ave`,
        naics_code: '722511',
        occurred_at: at,
        lat: A_LAT,
        lng: A_LNG,
        ...extra,
      });
      await ingest('business-licenses', [
        licence('L1', '2020-01-01'),
        // Closed before L3 opened: not a prior of L3 or later ones.
        licence('L2', '2020-06-01', { close_date: '2020-12-31', lat: B_LAT, lng: B_LNG }),
        licence('L3', '2021-01-01', { naics_code: '722513' }),
        licence('L4', '2022-01-01', { lat: B_LAT, lng: B_LNG }),
        licence('L5', '2023-01-01'),
        licence('L6', '2023-02-01', { naics_code: null }),
        licence('L7', '2023-03-01', { naics_code: '541511' }),
      ]);
      await ingest('business-licenses', [
        licence('L8', '2024-01-01', { close_date: '2024-06-01' }),
      ]);
      const tiers = await rows<{ source_id: string; pioneer_tier: string }>(
        'SELECT source_id, pioneer_tier FROM business_licenses ORDER BY source_id',
      );
      expect(Object.fromEntries(tiers.map((t) => [t.source_id, t.pioneer_tier]))).toEqual({
        L1: 'Pioneer',
        L2: 'Dormant',
        L3: 'Advanced', // L1 only: L2 closed before L3 opened
        L4: 'Advanced', // L1, L3
        L5: 'Mature', // L1, L3, L4
        L6: 'None',
        L7: 'Pioneer', // another industry group
        L8: 'Dormant',
      });
    });
  });

  describe('nearest permit of construction detections', () => {
    // Points east of the centre of cell A, in metres.
    const east = (metres: number): { lat: number; lng: number } => ({
      lat: A_LAT,
      lng: A_LNG + metres / (111_320 * Math.cos((A_LAT * Math.PI) / 180)),
    });
    const permit = (number: string, metres: number, filed: string): object => ({
      permit_number: number,
      permit_type: 'new_commercial',
      work_class: 'commercial',
      value: 1000,
      address: `${number} Lamar Blvd`,
      filed_date: filed,
      status: 'filed',
      ...east(metres),
    });
    const detection = {
      source: 'sat',
      source_detection_id: 'd1',
      estimated_area_sqft: 9000,
      confidence: 0.9,
      first_detected: '2025-03-01',
      last_detected: '2025-05-01',
      ...east(0),
    };
    const link = async (): Promise<{ id: string | null; distance: number | null }> => {
      const [row] = await rows<{
        nearest_permit_id: string | null;
        nearest_permit_distance_m: number | null;
      }>(
        `SELECT nearest_permit_id, nearest_permit_distance_m FROM construction_detections
         WHERE source_detection_id = 'd1'`,
      );
      return { id: row.nearest_permit_id, distance: row.nearest_permit_distance_m };
    };

    it('links at ingest and moves the link when a closer permit arrives', async () => {
      await ingest('permits', [permit('P-FAR', 400, '2025-01-10')]);
      await ingest('construction-detections', [detection]);
      const far = await link();
      expect(far.id).toBe('atx-P-FAR');
      const { lat, lng } = east(400);
      expect(far.distance).toBeCloseTo(haversineMeters(A_LAT, A_LNG, lat, lng), 6);

      // Closer but filed more than 365 days before first_detected, or after last_detected.
      await ingest('permits', [
        permit('P-OLD', 50, '2024-02-28'),
        permit('P-LATE', 60, '2025-05-02'),
      ]);
      expect((await link()).id).toBe('atx-P-FAR');

      await ingest('permits', [permit('P-NEAR', 100, '2024-03-01')]);
      const near = await link();
      expect(near.id).toBe('atx-P-NEAR');
      expect(near.distance).toBeCloseTo(100, 0);

      // The nearest permit re-filed out of the window: the link falls back.
      await ingest('permits', [permit('P-NEAR', 100, '2023-01-01')]);
      expect((await link()).id).toBe('atx-P-FAR');
    });
  });

  describe('permit.filed outbox', () => {
    it('writes one event and one pending delivery per subscribed webhook for new permits only', async () => {
      await rows(
        `INSERT INTO webhooks (id, owner_id, url, events, active) VALUES
           ('wh_01JAAAAAAAAAAAAAAAAAAAAAAA', 'u1', 'https://example.com/a', '{permit.filed}', true),
           ('wh_01JBBBBBBBBBBBBBBBBBBBBBBB', 'u2', 'https://example.com/b', '{score.changed}', true),
           ('wh_01JCCCCCCCCCCCCCCCCCCCCCCC', 'u3', 'https://example.com/c', '{permit.filed}', false)`,
      );
      const record = {
        permit_number: 'WH-1',
        permit_type: 'new_residential',
        work_class: 'residential',
        value: 320000.5,
        address: '9 Rainey St',
        filed_date: '2025-06-01',
        status: 'filed',
        lat: A_LAT,
        lng: A_LNG,
      };
      await ingest('permits', [record]);
      await ingest('permits', [{ ...record, status: 'issued' }]);
      await ingest('permits', [{ ...record, permit_number: 'WH-2' }], '?backfill=true');
      const events = await rows<{ id: string; type: string; owner_id: null; payload: unknown }>(
        `SELECT id, type, owner_id, payload FROM webhook_events`,
      );
      expect(events).toEqual([
        {
          id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/),
          type: 'permit.filed',
          owner_id: null,
          payload: {
            permit_id: 'atx-WH-1',
            permit_number: 'WH-1',
            metro_slug: 'atx',
            h3_index: CELL_A,
            lat: A_LAT,
            lng: A_LNG,
            permit_type: 'new_residential',
            value: 320000.5,
            filed_date: '2025-06-01',
            address: '9 Rainey St',
          },
        },
      ]);
      const deliveries = await rows<{
        id: string;
        webhook_id: string;
        event_id: string;
        status: string;
      }>('SELECT id, webhook_id, event_id, status FROM webhook_deliveries');
      expect(deliveries).toEqual([
        {
          id: expect.stringMatching(/^dlv_[0-9A-Z]{26}$/),
          webhook_id: 'wh_01JAAAAAAAAAAAAAAAAAAAAAAA',
          event_id: events[0].id,
          status: 'pending',
        },
      ]);
    });
  });

  describe('location names', () => {
    it('names cells after the nearest neighbourhood or suburb within 5 km', async () => {
      await ingest('named-locations', [
        { name: 'Downtown', kind: 'neighborhood', lat: A_LAT, lng: A_LNG },
        { name: 'Zilker Park', kind: 'park', lat: B_LAT, lng: B_LNG },
      ]);
      const names = await rows<{ location_name: string | null; count: string }>(
        `SELECT location_name, count(*) FROM cells WHERE metro_slug = 'atx' GROUP BY 1`,
      );
      expect(names).toEqual([{ location_name: 'Downtown', count: expect.any(String) }]);
      const [{ location_name }] = await rows<{ location_name: string }>(
        'SELECT location_name FROM cells WHERE h3_index = $1',
        [CELL_B],
      );
      expect(location_name).toBe('Downtown');
    });
  });
});
