import { LogCapture, startTestApp, TEST_NOW } from '@platform/testing';
import { latLngToCell } from 'h3-js';
import Redis from 'ioredis';
import { createApp } from '../src/create-app';
import { GeocodeCache, geocodeCacheKey } from '../src/pipeline/geocoding/geocode-cache';
import { GeocodingService } from '../src/pipeline/geocoding/geocoding.service';
import { NominatimClient } from '../src/pipeline/geocoding/nominatim.client';
import { DashboardClient, dashboardClient, expectError } from './support/dashboard-client';
import { FakeNominatim, startFakeNominatim } from './support/fake-nominatim';
import { GeoHarness, startGeo } from './support/geo-harness';

interface RowResult {
  rowIndex: number;
  status: 'inserted' | 'invalid' | 'geocode_failed';
  reason: string | null;
  member_id: string | null;
}

interface UploadBody {
  rows: RowResult[];
  inserted: number;
  invalid: number;
  geocode_failed: number;
}

interface Member {
  id: string;
  name: string;
  lat: number;
  lng: number;
  address: string | null;
  h3_index: string;
}

let geo: GeoHarness;
let nominatim: FakeNominatim;
let redis: Redis;
let ada: DashboardClient;
let portfolioPath: string;
let minute = 0;

beforeAll(async () => {
  nominatim = await startFakeNominatim();
  geo = await startGeo({ env: { GEOCODER_URL: nominatim.url } });
  redis = new Redis(geo.resources.redisUrl, { keyPrefix: geo.resources.redisPrefix });
  ada = await dashboardClient(geo.instances[0]!.url, 'user-ada');
});

afterAll(async () => {
  redis.disconnect();
  await geo.close();
  await nominatim.close();
});

beforeEach(async () => {
  // A fresh rate-limit window per test: uploads are limited to 6 a minute.
  minute += 1;
  geo.clock.set(new Date(Date.parse(TEST_NOW) + minute * 60_000));
  nominatim.reset();
  await geo.db.query('DELETE FROM monitored_locations');
  await geo.db.query('DELETE FROM portfolios');
  const created = await ada.post<{ id: string }>('/api/portfolios', { name: 'Uploads' });
  portfolioPath = `/api/portfolios/${created.body.id}`;
});

async function upload(
  body: string | Buffer,
  contentType = 'text/csv',
): Promise<{ status: number; body: UploadBody; headers: Headers }> {
  const reply = await ada.fetch(`${portfolioPath}/upload`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: reply.status, headers: reply.headers, body: (await reply.json()) as UploadBody };
}

async function portfolioMembers(): Promise<Member[]> {
  return (await ada.get<{ members: Member[] }>(portfolioPath)).body.members;
}

describe('CSV upload with coordinates', () => {
  it('inserts valid rows and reports the others, row by row', async () => {
    const reply = await upload('lat,lng\n30.27,-97.74\n95,0\n,\n');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('6');
    expect(reply.body).toEqual({
      rows: [
        { rowIndex: 1, status: 'inserted', reason: null, member_id: expect.any(String) },
        {
          rowIndex: 2,
          status: 'invalid',
          reason: 'lat must be a number between -90 and 90',
          member_id: null,
        },
        {
          rowIndex: 3,
          status: 'invalid',
          reason:
            'lat must be a number between -90 and 90; lng must be a number between -180 and 180',
          member_id: null,
        },
      ],
      inserted: 1,
      invalid: 2,
      geocode_failed: 0,
    });
    const [member] = await portfolioMembers();
    expect(member).toMatchObject({
      id: reply.body.rows[0]!.member_id,
      name: 'Row 1',
      lat: 30.27,
      lng: -97.74,
      h3_index: latLngToCell(30.27, -97.74, 8),
    });
  });

  it('reads latitude/longitude headers in any case, a BOM, names, quotes and blank lines', async () => {
    const csv = [
      '\uFEFF Name , LATITUDE,Longitude,Address',
      '"Store, ""north""",30.3,-97.7,',
      '',
      '  ',
      '"Two\nlines",30.31,-97.71,"1 Main St"',
      ',30.32,-97.72,"9 Side St"',
      'extra,30.33,-97.73,x,surplus',
      'Bad lat,north,-97.7,',
      '=cmd(),30.34,-97.74,',
    ].join('\r\n');
    const reply = await upload(csv);
    expect(reply.body.rows.map((row) => [row.rowIndex, row.status, row.reason])).toEqual([
      [1, 'inserted', null],
      [2, 'inserted', null],
      [3, 'inserted', null],
      [4, 'invalid', 'row has 5 fields; the header has 4'],
      [5, 'invalid', 'lat must be a number between -90 and 90'],
      [6, 'inserted', null],
    ]);
    expect((await portfolioMembers()).map((m) => [m.name, m.address])).toEqual([
      ['Store, "north"', null],
      ['Two lines', '1 Main St'],
      ['9 Side St', '9 Side St'],
      ['=cmd()', null],
    ]);
  });

  it('takes application/json {"csv": "..."} up to 2 MB, above the 256 KB of other routes', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => `30.2${i},-97.7${i}`).join('\n');
    const padded = `lat,lng\n${rows}\n${' '.repeat(1_000_000)}`;
    const reply = await upload(JSON.stringify({ csv: padded }), 'application/json');
    expect(reply.status).toBe(200);
    expect(reply.body.inserted).toBe(3);
    for (const body of [{ csv: 42 }, { csv: 'lat,lng', more: 1 }, ['lat,lng'], {}]) {
      const refused = await upload(JSON.stringify(body), 'application/json');
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expectError(refused.body, 'invalid_request');
    }
  });

  it('refuses 501 data rows with 400 too_many_rows and inserts nothing; 500 fit', async () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => `${30 + i / 1000},${-97 - i / 1000}`).join('\n');
    const over = await upload(`lat,lng\n${rows(501)}\n`);
    expect(over.status).toBe(400);
    expectError(over.body, 'too_many_rows');
    expect(await portfolioMembers()).toHaveLength(0);
    const addresses = Array.from({ length: 501 }, (_, i) => `${i} Long Rd`).join('\n');
    const overAddresses = await upload(`address\n${addresses}\n`);
    expectError(overAddresses.body, 'too_many_rows');
    expect(nominatim.queries).toHaveLength(0);
    expect(await portfolioMembers()).toHaveLength(0);
    const fits = await upload(`lat,lng\n${rows(500)}\n`);
    expect(fits.body.inserted).toBe(500);
  });

  it('refuses files without a usable header with 400 invalid_csv', async () => {
    for (const csv of [
      '',
      'name,city\nA,Austin\n',
      'lat,lat,lng\n1,2,3\n',
      'lat,lng\n"30.1,-97\n',
    ]) {
      const reply = await upload(csv);
      expect({ csv, status: reply.status }).toEqual({ csv, status: 400 });
      expectError(reply.body, 'invalid_csv');
    }
    const headerOnly = await upload('lat,lng\n');
    expect(headerOnly.body).toEqual({ rows: [], inserted: 0, invalid: 0, geocode_failed: 0 });
  });

  it('answers 415 for other content types and 413 over 2 MB', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const reply = await upload('lat,lng\n30,-97\n', type);
      expect({ type, status: reply.status }).toEqual({ type, status: 415 });
      expectError(reply.body, 'unsupported_media_type');
    }
    const huge = `lat,lng\n${'30.1,-97.1\n'.repeat(220_000)}`;
    expect(Buffer.byteLength(huge)).toBeGreaterThan(2 * 1024 * 1024);
    for (const [body, type] of [
      [huge, 'text/csv'],
      [JSON.stringify({ csv: huge }), 'application/json'],
    ] as const) {
      const reply = await upload(body, type);
      expect({ type, status: reply.status }).toEqual({ type, status: 413 });
      expectError(reply.body, 'payload_too_large');
    }
    expect(await portfolioMembers()).toHaveLength(0);
  });

  it('refuses an upload whose rows would take the portfolio past 5,000 members', async () => {
    const id = portfolioPath.split('/').pop();
    await geo.db.query(
      `INSERT INTO monitored_locations (user_id, portfolio_id, name, lat, lng, h3_index)
       SELECT 'user-ada', $1, 'm' || n, 30, -97, '8848996bb5fffff' FROM generate_series(1, 4999) n`,
      [id],
    );
    const reply = await upload('address\n1 A St\n2 B St\n');
    expect(reply.status).toBe(409);
    expectError(reply.body, 'portfolio_full');
    expect(nominatim.queries).toHaveLength(0);
  });

  it('counts uploads against 6 a minute per user', async () => {
    for (let i = 0; i < 6; i += 1) {
      const reply = await upload('lat,lng\n30,-97\n');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(5 - i));
    }
    const limited = await upload('lat,lng\n30,-97\n');
    expect(limited.status).toBe(429);
    expectError(limited.body, 'rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Other dashboard routes still answer under the session policy.
    expect((await ada.get(portfolioPath)).status).toBe(200);
  });
});

describe('CSV upload with addresses (fake Nominatim)', () => {
  it('inserts matches and reports misses, stalls and failures', async () => {
    nominatim.answer('1 Congress Ave, Austin', { kind: 'hit', lat: 30.2653, lng: -97.7436 });
    nominatim.answer('2 Nowhere Rd', { kind: 'miss' });
    nominatim.answer('3 Stall Ave', { kind: 'stall', ms: 7_000 });
    nominatim.answer('4 Broken Ln', { kind: 'fail', status: 500 });
    const csv = [
      'address,name',
      '"1 Congress Ave, Austin",HQ',
      '2 Nowhere Rd,',
      '3 Stall Ave,',
      '4 Broken Ln,',
      ',Nameless',
    ].join('\n');
    const reply = await upload(csv);
    expect(reply.status).toBe(200);
    expect(reply.body.rows.map((row) => [row.status, row.reason])).toEqual([
      ['inserted', null],
      ['geocode_failed', 'no_match'],
      ['geocode_failed', 'timeout'],
      ['geocode_failed', 'geocoder_error'],
      ['invalid', 'address is empty'],
    ]);
    expect(reply.body).toMatchObject({ inserted: 1, invalid: 1, geocode_failed: 3 });
    expect(await portfolioMembers()).toEqual([
      expect.objectContaining({
        name: 'HQ',
        lat: 30.2653,
        lng: -97.7436,
        address: '1 Congress Ave, Austin',
      }),
    ]);
    expect(nominatim.maxInFlight).toBeLessThanOrEqual(4);
    for (const params of nominatim.searchParams) {
      expect(Object.fromEntries(params)).toMatchObject({
        format: 'json',
        limit: '1',
        countrycodes: 'us',
      });
    }
  }, 20_000);

  it('never has more than 4 requests at the geocoder at once', async () => {
    const addresses = Array.from({ length: 24 }, (_, i) => `${i + 1} Parallel St`);
    for (const [i, address] of addresses.entries()) {
      nominatim.answer(address, { kind: 'hit', lat: 30 + i / 100, lng: -97, delayMs: 80 });
    }
    const reply = await upload(`address\n${addresses.join('\n')}\n`);
    expect(reply.body.inserted).toBe(24);
    expect(nominatim.queries).toHaveLength(24);
    expect(nominatim.maxInFlight).toBe(4);
  });

  it('caches hits for 30 days and misses for a day, and asks once per distinct address', async () => {
    nominatim.answer('10 Cached St', { kind: 'hit', lat: 30.1, lng: -97.1 });
    nominatim.answer('11 Missing St', { kind: 'miss' });
    nominatim.answer('12 Failing St', { kind: 'fail', status: 503 });
    const csv = 'address\n10 Cached St\n10  cached st\n11 Missing St\n12 Failing St\n';
    const first = await upload(csv);
    expect(first.body.rows.map((row) => row.status)).toEqual([
      'inserted',
      'inserted',
      'geocode_failed',
      'geocode_failed',
    ]);
    expect(nominatim.queries.sort()).toEqual(['10 Cached St', '11 Missing St', '12 Failing St']);
    const hitTtl = await redis.ttl(geocodeCacheKey('10 Cached St'));
    const missTtl = await redis.ttl(geocodeCacheKey('11 Missing St'));
    expect(hitTtl).toBeGreaterThan(30 * 86_400 - 60);
    expect(missTtl).toBeGreaterThan(86_400 - 60);
    expect(missTtl).toBeLessThanOrEqual(86_400);
    expect(await redis.exists(geocodeCacheKey('12 Failing St'))).toBe(0);
    nominatim.reset();
    nominatim.answer('12 Failing St', { kind: 'fail', status: 503 });
    const second = await upload(csv);
    expect(second.body.rows.map((row) => row.reason)).toEqual([
      null,
      null,
      'no_match',
      'geocoder_error',
    ]);
    // Only the failure is asked again.
    expect(nominatim.queries).toEqual(['12 Failing St']);
  });

  it('answers geocoder_unavailable for address rows when GEOCODER_URL is unset', async () => {
    const config = geo.config();
    config.GEOCODER_URL = undefined;
    const bare = await startTestApp(() =>
      createApp(config, { logDestination: new LogCapture(), clock: geo.clock }),
    );
    try {
      const client = await dashboardClient(bare.url, 'user-ada');
      const reply = await client.fetch(`${portfolioPath}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'address\n1 Congress Ave\n',
      });
      expect(((await reply.json()) as UploadBody).rows).toEqual([
        { rowIndex: 1, status: 'geocode_failed', reason: 'geocoder_unavailable', member_id: null },
      ]);
      expect(nominatim.queries).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});

describe('GeocodingService limits', () => {
  it('fails rows not started by the overall deadline, and rows slower than the row timeout', async () => {
    const service = new GeocodingService(
      new NominatimClient(nominatim.url),
      new GeocodeCache(redis),
      {
        concurrency: 2,
        rowTimeoutMs: 1_000,
        deadlineMs: 300,
      },
    );
    nominatim.answer('Deadline A', { kind: 'hit', lat: 30.1, lng: -97.1, delayMs: 500 });
    nominatim.answer('Deadline B', { kind: 'stall', ms: 5_000 });
    nominatim.answer('Deadline C', { kind: 'hit', lat: 30.3, lng: -97.3 });
    const results = await service.geocodeAll([
      'Deadline A',
      'Deadline B',
      'Deadline C',
      'Deadline A',
    ]);
    expect(results).toEqual([
      { found: true, lat: 30.1, lng: -97.1 },
      { found: false, reason: 'timeout' },
      { found: false, reason: 'deadline_exceeded' },
      { found: true, lat: 30.1, lng: -97.1 },
    ]);
    expect(nominatim.queries.sort()).toEqual(['Deadline A', 'Deadline B']);
  });
});
