import { cellToLatLng, latLngToCell } from 'h3-js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ingestCommand } from '../src/pipeline/ingest/ingest.command';
import { metroCells } from '@platform/geo-domain';
import { GeoHarness, INGEST_TOKEN, startGeo, type IngestBody } from './support/geo-harness';

// A small metro (about 40 res-8 cells) so every test file can create it through the API.
const METRO = {
  slug: 'atx',
  name: 'Austin, TX',
  state: 'TX',
  center_lat: 30.2672,
  center_lng: -97.7431,
  radius_km: 3,
  county_fips: ['48453'],
};
const INSIDE = { lat: 30.2672, lng: -97.7431 };
const NEAR = { lat: 30.27, lng: -97.75 };

describe('POST /internal/ingest/{dataset}', () => {
  let geo: GeoHarness;
  let url: string;

  const ndjson = (records: unknown[]): string =>
    records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

  const post = (
    dataset: string,
    body: string | Buffer,
    options: { token?: string | null; query?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-ndjson',
      ...options.headers,
    };
    const token = options.token === undefined ? INGEST_TOKEN : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    return fetch(`${url}/internal/ingest/${dataset}${options.query ?? ''}`, {
      method: 'POST',
      headers,
      body,
    });
  };

  const ingest = async (dataset: string, records: unknown[], query = ''): Promise<IngestBody> => {
    const response = await post(dataset, ndjson(records), { query });
    const body = (await response.json()) as IngestBody;
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    return body;
  };

  beforeAll(async () => {
    geo = await startGeo({ env: { QUEUE_WORKERS: 'false' } });
    url = geo.instances[0].url;
  });

  afterAll(async () => {
    await geo.close();
  });

  it('rejects a line holding a NUL character on its own, never failing the batch', async () => {
    const body = await ingest('ports', [
      { slug: 'nul-port', name: 'Bad\u0000Name', unlocode: 'USNUL', lat: 10, lng: 10 },
      { slug: 'fine-port', name: 'Fine', unlocode: 'USFIN', lat: 11, lng: 11 },
    ]);
    expect(body).toMatchObject({ received: 2, inserted: 1, rejected: 1 });
    expect(body.errors).toEqual([{ line: 1, message: 'name must not contain a NUL character' }]);
  });

  describe('authentication and request checks', () => {
    it('answers 401 ingest_token_required without a bearer token', async () => {
      const response = await post('ports', '{}\n', { token: null });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: expect.any(String),
        code: 'ingest_token_required',
      });
    });

    it('answers 401 invalid_ingest_token for a wrong token', async () => {
      const response = await post('ports', '{}\n', { token: 'wrong-token-wrong-token' });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_ingest_token');
    });

    it('answers 404 unknown_dataset and 400 for a bad backfill value', async () => {
      const unknown = await post('weather', '{}\n');
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { code: string }).code).toBe('unknown_dataset');
      const backfill = await post('ports', '{}\n', { query: '?backfill=yes' });
      expect(backfill.status).toBe(400);
      expect(((await backfill.json()) as { code: string }).code).toBe('invalid_request');
    });

    it('answers 415 for a JSON content type', async () => {
      const response = await post('ports', '{}', { headers: { 'content-type': 'text/csv' } });
      expect(response.status).toBe(415);
    });

    it('answers 413 over 50,000 lines and commits nothing', async () => {
      const line = JSON.stringify({ slug: 'p', name: 'x' });
      const body = `${line}\n`.repeat(50_001);
      const portCount = async () =>
        Number((await geo.db.query<{ count: string }[]>('SELECT count(*) FROM ports'))[0].count);
      const before = await portCount();
      const response = await post('ports', body);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { code: string }).code).toBe('payload_too_large');
      expect(await portCount()).toBe(before);
    });

    it('answers 503 ingest_disabled when INGEST_TOKEN is not configured', async () => {
      const disabled = await geo.startInstance({ INGEST_TOKEN: '' });
      const response = await fetch(`${disabled.url}/internal/ingest/ports`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${INGEST_TOKEN}`,
          'content-type': 'application/x-ndjson',
        },
        body: '{}\n',
      });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { code: string }).code).toBe('ingest_disabled');
    });
  });

  describe('metros', () => {
    it('creates the metro and its cells with centres, res-7 and res-5 parents', async () => {
      const body = await ingest('metros', [METRO]);
      expect(body).toEqual({
        dataset: 'metros',
        received: 1,
        inserted: 1,
        updated: 0,
        rejected: 0,
        errors: [],
      });
      const expected = metroCells({
        centerLat: METRO.center_lat,
        centerLng: METRO.center_lng,
        radiusKm: METRO.radius_km,
        excludePolygons: [],
      });
      const cells = await geo.db.query<
        { h3_index: string; lat: number; lng: number; h3_r7: string }[]
      >(`SELECT h3_index, lat, lng, h3_r7 FROM cells WHERE metro_slug = 'atx' ORDER BY h3_index`);
      expect(cells.map((c) => c.h3_index)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(20);
      const [lat, lng] = cellToLatLng(expected[0]);
      expect(cells[0].lat).toBeCloseTo(lat, 9);
      expect(cells[0].lng).toBeCloseTo(lng, 9);
      expect(cells.map((c) => c.h3_index)).toContain(latLngToCell(INSIDE.lat, INSIDE.lng, 8));
      // Re-ingesting updates the metro and keeps the same cells.
      const again = await ingest('metros', [{ ...METRO, name: 'Austin' }]);
      expect(again).toMatchObject({ inserted: 0, updated: 1 });
    });
  });

  describe('line validation', () => {
    it('lands good lines and rejects bad ones one by one with line numbers', async () => {
      const good = {
        source: 'test',
        source_incident_id: 'v-1',
        occurred_at: '2025-03-01T10:00:00Z',
        category: 'property',
        offense: 'burglary',
        ...INSIDE,
      };
      const body = await ingest('crime-incidents', [
        good,
        '{not json',
        { ...good, source_incident_id: 'v-3', category: undefined },
        { ...good, source_incident_id: 'v-4', category: 'weird' },
        { ...good, source_incident_id: 'v-5', lat: 91 },
        { ...good, source_incident_id: 'v-6', lat: 0, lng: 0 },
        { ...good, source_incident_id: 'v-7', occurred_at: '2025-02-30T00:00:00Z' },
        { ...good, source_incident_id: 'v-8', ...NEAR },
      ]);
      expect(body.received).toBe(8);
      expect(body.inserted).toBe(2);
      expect(body.rejected).toBe(6);
      expect(body.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7]);
      expect(body.errors[0].message).toMatch(/JSON/);
      expect(body.errors[1].message).toBe('category is required');
      expect(body.errors[2].message).toMatch(/category must be one of property, violent, other/);
      expect(body.errors[3].message).toBe('lat must be between -90 and 90');
      expect(body.errors[4].message).toMatch(/outside every metro/);
      expect(body.errors[5].message).toMatch(/occurred_at/);
      const rows = await geo.db.query<{ source_incident_id: string; magnitude: number }[]>(
        `SELECT source_incident_id, magnitude FROM crime_incidents WHERE source = 'test'
         ORDER BY source_incident_id`,
      );
      expect(rows).toEqual([
        { source_incident_id: 'v-1', magnitude: 3 },
        { source_incident_id: 'v-8', magnitude: 3 },
      ]);
    });

    it('accepts a gzip body and records the batch in ingest_batches', async () => {
      const body = gzipSync(
        ndjson([
          {
            slug: 'port-houston',
            name: 'Port Houston',
            unlocode: 'USHOU',
            lat: 29.73,
            lng: -95.27,
          },
          { slug: 'portmiami', name: 'PortMiami', unlocode: 'USMIA', lat: 25.77, lng: -80.17 },
        ]),
      );
      const response = await post('ports', body, { headers: { 'content-encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ received: 2, inserted: 2, rejected: 0 });
      const [batch] = await geo.db.query<Record<string, unknown>[]>(
        `SELECT dataset, backfill, received, inserted, updated, rejected,
           finished_at >= started_at AS finished
         FROM ingest_batches WHERE dataset = 'ports' ORDER BY id DESC LIMIT 1`,
      );
      expect(batch).toEqual({
        dataset: 'ports',
        backfill: false,
        received: 2,
        inserted: 2,
        updated: 0,
        rejected: 0,
        finished: true,
      });
    });

    it('answers 400 for a body that is not the gzip it claims', async () => {
      const response = await post('ports', 'not gzip at all', {
        headers: { 'content-encoding': 'gzip' },
      });
      expect(response.status).toBe(400);
    });
  });

  describe('every dataset accepts a valid line', () => {
    const cell = latLngToCell(INSIDE.lat, INSIDE.lng, 8);
    const cases: [string, Record<string, unknown>][] = [
      ['named-locations', { name: 'Downtown', kind: 'neighborhood', ...INSIDE }],
      [
        'tracts',
        {
          geoid: '48453001100',
          name: 'Census Tract 11',
          county_name: 'Travis County',
          state_abbr: 'TX',
          population: 4000,
          population_5y_ago: 3800,
          median_household_income: 72000,
          pct_bachelors: 41.5,
          jobs: 900,
          ...INSIDE,
        },
      ],
      ['cell-tracts', { h3_index: cell, geoid: '48453001100', weight: 1 }],
      [
        'commuter-flows',
        { year: 2022, home_geoid: '48453001100', work_geoid: '48453001200', workers: 12 },
      ],
      [
        'activity-events',
        {
          source: 's',
          source_event_id: 'e1',
          occurred_at: '2025-05-02T08:00:00Z',
          event_type: 'visit',
          ...INSIDE,
        },
      ],
      [
        'crime-incidents',
        {
          source: 's',
          source_incident_id: 'c1',
          occurred_at: '2025-05-02T08:00:00Z',
          category: 'violent',
          offense: 'robbery',
          ...INSIDE,
        },
      ],
      [
        'permits',
        {
          permit_number: 'BP-1',
          permit_type: 'new_residential',
          work_class: 'residential',
          value: 320000,
          housing_units: 1,
          address: '1 Main St',
          filed_date: '2025-04-01',
          status: 'filed',
          ...INSIDE,
        },
      ],
      [
        'construction-detections',
        {
          source: 'sat',
          source_detection_id: 'd1',
          estimated_area_sqft: 12000,
          confidence: 0.8,
          first_detected: '2025-04-10',
          last_detected: '2025-05-01',
          ...INSIDE,
        },
      ],
      [
        'business-licenses',
        {
          source_id: 'L1',
          business_name: 'Cafe',
          address: '2 Main St',
          naics_code: '722515',
          occurred_at: '2025-01-15',
          ...INSIDE,
        },
      ],
      [
        'zba-decisions',
        {
          jurisdiction: 'Boston',
          case_number: 'BOA-1',
          address: '3 Main St',
          variance_type: 'Height',
          outcome: 'Granted with Conditions',
          decision_date: '2025-02-01',
          conditions: 'none',
          ...INSIDE,
        },
      ],
      [
        'ports',
        {
          slug: 'port-of-boston',
          name: 'Port of Boston',
          unlocode: 'USBOS',
          lat: 42.35,
          lng: -71.04,
        },
      ],
      [
        'port-volumes',
        { port_slug: 'port-of-boston', month: '2025-01', teu: 25000, vessel_calls: 8 },
      ],
      [
        'satellite-embeddings',
        {
          h3_index: cell,
          embedding: Array.from({ length: 64 }, (_, i) => i / 64),
          model: 'm1',
          captured_at: '2025-01-01T00:00:00Z',
        },
      ],
    ];

    it.each(cases)('%s', async (dataset, record) => {
      const body = await ingest(dataset, [record]);
      expect(body).toEqual({
        dataset,
        received: 1,
        inserted: 1,
        updated: 0,
        rejected: 0,
        errors: [],
      });
      const again = await ingest(dataset, [record]);
      expect(again).toMatchObject({ inserted: 0, updated: 1, rejected: 0 });
    });
  });

  describe('tools geo ingest', () => {
    it('posts a file (gzip for .gz), prints the answer and exits 1 when a line is rejected', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'geo-ingest-'));
      try {
        const line = {
          slug: 'nwsa-seattle-tacoma',
          name: 'NWSA',
          unlocode: 'USSEA',
          lat: 47.6,
          lng: -122.3,
        };
        const plain = join(dir, 'ports.ndjson');
        const zipped = join(dir, 'ports.ndjson.gz');
        await writeFile(plain, ndjson([line, { ...line, slug: 'BAD' }]));
        await writeFile(zipped, gzipSync(ndjson([line])));
        const out: string[] = [];
        const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
        expect(await ingestCommand.run(['ports', zipped, '--url', url], { INGEST_TOKEN }, io)).toBe(
          0,
        );
        expect(JSON.parse(out.join(''))).toMatchObject({
          dataset: 'ports',
          updated: 0,
          rejected: 0,
        });
        out.length = 0;
        expect(await ingestCommand.run(['ports', plain, '--url', url], { INGEST_TOKEN }, io)).toBe(
          1,
        );
        expect(JSON.parse(out.join(''))).toMatchObject({ updated: 1, rejected: 1 });
        out.length = 0;
        expect(
          await ingestCommand.run(
            ['ports', plain, '--url', url, '--token', 'nope-nope-nope-nope'],
            {},
            io,
          ),
        ).toBe(1);
        expect(out.join('')).toMatch(/HTTP 401/);
        expect(await ingestCommand.run(['ports'], { INGEST_TOKEN }, io)).toBe(2);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
