import { TEST_NOW } from '@platform/testing';
import { DashboardClient, dashboardClient, expectError } from './support/dashboard-client';
import { geoForFile } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

interface Page<T> {
  records: T[];
  next_cursor: string | null;
  total: number;
}

interface Licence {
  id: string;
  source_id: string;
  metro_slug: string;
  address: string;
  naics_code: string | null;
  pioneer_tier: string;
  occurred_at: string;
  close_date: string | null;
  source_loaded_at: string;
}

interface Decision {
  id: string;
  case_number: string;
  jurisdiction: string;
  address: string;
  variance_type: string;
  outcome: string;
  decision_date: string;
  conditions: string;
}

const file = geoForFile({ ...tinySeedTemplate, env: { RATE_LIMITS_ENABLED: 'false' } });
let ada: DashboardClient;

const LONG_CONDITIONS = `${'Ω'.repeat(150)}${'c'.repeat(350)}`;

beforeAll(async () => {
  ada = await dashboardClient(file.geo.instances[0]!.url, 'user-ada');
  const db = file.geo.db;
  await db.query(
    `INSERT INTO business_licenses (source_id, metro_slug, business_name, address, lat, lng,
       h3_index, naics_code, pioneer_tier, occurred_at, close_date, source_loaded_at)
     VALUES
       ('T-1', 'atx', 'Formula Bar', '=HYPERLINK("http://evil")', 30.27, -97.74,
        '8848996b01fffff', '722511', 'Pioneer', '2026-01-02T03:04:05Z', NULL,
        '2026-03-31T12:00:00.123456Z'),
       ('T-2', 'atx', 'Percent Shop', '100% Zeta_Way, Suite "B"', 30.27, -97.74,
        '8848996b01fffff', '445110', 'None', '2026-01-03T00:00:00Z', '2026-02-01',
        '2026-03-31T12:00:00.123457Z'),
       ('T-3', 'atx', 'Plain', '100X ZetaXWay', 30.27, -97.74, '8848996b01fffff', NULL, 'None',
        '2026-01-04T00:00:00Z', NULL, '2026-03-31T12:00:00.123458Z')`,
  );
  await db.query(
    `INSERT INTO zba_decisions (jurisdiction, case_number, address, lat, lng, h3_index,
       variance_type, outcome, decision_date, conditions)
     VALUES
       ('Newton', 'TEST-0001', '1 Test Rd', 42.33, -71.2, '882a30d8bdfffff', 'Rear setback',
        'Granted with Conditions', '2026-03-30', $1),
       ('Newton', 'TEST-0002', '2 Test Rd', 42.33, -71.2, '882a30d8bdfffff', 'Height',
        'Denied', '2026-03-29', '+1 more storey'),
       ('Somerville', 'TEST-0003', '3 Test Rd', 42.39, -71.1, '882a30d8bdfffff', 'Parking',
        'Approved', '2026-03-29', '')`,
    [LONG_CONDITIONS],
  );
});

describe('record search: authentication', () => {
  it.each(['/api/business-licenses/search', '/api/zba-decisions/search'])(
    'GET %s answers 401 unauthorized without a session',
    async (path) => {
      const reply = await fetch(`${file.geo.instances[0]!.url}${path}`);
      expect(reply.status).toBe(401);
      expectError(await reply.json(), 'unauthorized');
    },
  );
});

describe('GET /api/business-licenses/search', () => {
  it('answers the newest loaded first, 50 by default and at most 200 per call', async () => {
    const [{ count }] = await file.geo.db.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM business_licenses',
    );
    const first = await ada.get<Page<Licence>>('/api/business-licenses/search');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body.records).toHaveLength(50);
    expect(first.body.total).toBe(count);
    expect(first.body.records.slice(0, 3).map((r) => r.source_id)).toEqual(['T-3', 'T-2', 'T-1']);
    expect(first.body.records[2]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      source_id: 'T-1',
      metro_slug: 'atx',
      business_name: 'Formula Bar',
      address: '=HYPERLINK("http://evil")',
      naics_code: '722511',
      pioneer_tier: 'Pioneer',
      occurred_at: '2026-01-02T03:04:05.000Z',
      close_date: null,
      source_loaded_at: '2026-03-31T12:00:00.123Z',
      lat: 30.27,
      lng: -97.74,
      h3_index: '8848996b01fffff',
    });
    const capped = await ada.get<Page<Licence>>('/api/business-licenses/search?limit=1000');
    expect(capped.body.records).toHaveLength(200);
  });

  it('walks every page of a filter with cursors, without gaps or repeats', async () => {
    const [{ count }] = await file.geo.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM business_licenses WHERE metro_slug = 'bos'`,
    );
    expect(count).toBeGreaterThan(400);
    for (const sort of ['source_loaded_at', 'occurred_at', 'metro_slug']) {
      for (const order of ['desc', 'asc']) {
        const seen: Licence[] = [];
        let cursor: string | null = null;
        do {
          const query =
            `metro=bos&sort=${sort}&order=${order}&limit=200` +
            (cursor === null ? '' : `&cursor=${cursor}`);
          const page: { body: Page<Licence> } = await ada.get<Page<Licence>>(
            `/api/business-licenses/search?${query}`,
          );
          expect(page.body.total).toBe(count);
          seen.push(...page.body.records);
          cursor = page.body.next_cursor;
        } while (cursor !== null);
        expect(seen).toHaveLength(count);
        expect(new Set(seen.map((r) => r.id)).size).toBe(count);
        expect(seen.every((r) => r.metro_slug === 'bos')).toBe(true);
        if (sort === 'occurred_at') {
          const keys = seen.map((r) => r.occurred_at);
          const sorted = [...keys].sort();
          expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      }
    }
  });

  it('filters by address substring (wildcards literal), NAICS prefix and pioneer tier', async () => {
    const byAddress = await ada.get<Page<Licence>>(
      `/api/business-licenses/search?address=${encodeURIComponent('% zeta_')}`,
    );
    expect(byAddress.body.records.map((r) => r.source_id)).toEqual(['T-2']);
    const byNaics = await ada.get<Page<Licence>>(
      '/api/business-licenses/search?naics=7225&limit=200',
    );
    expect(byNaics.body.records.length).toBeGreaterThan(0);
    expect(byNaics.body.records.every((r) => r.naics_code?.startsWith('7225'))).toBe(true);
    const tier = await ada.get<Page<Licence>>(
      '/api/business-licenses/search?pioneer_tier=Dormant&metro=atx&limit=200',
    );
    expect(
      tier.body.records.every((r) => r.pioneer_tier === 'Dormant' && r.metro_slug === 'atx'),
    ).toBe(true);
    const unknownMetro = await ada.get('/api/business-licenses/search?metro=zzz');
    expect(unknownMetro.status).toBe(404);
    expectError(unknownMetro.body, 'metro_not_found');
  });

  it('refuses malformed parameters with 400 invalid_request', async () => {
    for (const query of [
      'metro=ATX',
      'address=a',
      `address=${'x'.repeat(201)}`,
      'address=%00ab',
      'naics=7',
      'naics=72a',
      'pioneer_tier=pioneer',
      'sort=name',
      'order=up',
      'limit=ten',
      'format=xml',
      'page=2',
      'metro=atx&metro=bos',
    ]) {
      const reply = await ada.get(`/api/business-licenses/search?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectError(reply.body, 'invalid_request');
    }
  });

  it('refuses tampered and foreign cursors with 400 invalid_cursor', async () => {
    const page = await ada.get<Page<Licence>>('/api/business-licenses/search?limit=2');
    const cursor = page.body.next_cursor!;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'BB' : 'AA'}`;
    for (const query of [
      `cursor=${tampered}`,
      'cursor=garbage',
      `cursor=${cursor}&sort=metro_slug`,
      `cursor=${cursor}&order=asc`,
    ]) {
      const reply = await ada.get(`/api/business-licenses/search?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectError(reply.body, 'invalid_cursor');
    }
    const zba = await ada.get(`/api/zba-decisions/search?cursor=${cursor}`);
    expectError(zba.body, 'invalid_cursor');
  });

  it('exports the same page as CSV with the product columns and the injection guard', async () => {
    const reply = await ada.fetch('/api/business-licenses/search?format=csv&limit=3');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="business-licenses-${TEST_NOW.slice(0, 10).replace(/-/g, '')}.csv"`,
    );
    expect(reply.headers.get('x-next-cursor')).toMatch(/\./);
    expect(await reply.text()).toBe(
      [
        'Source ID,Metro,Address,NAICS,Pioneer Tier,Loaded At,Close Date',
        'T-3,atx,100X ZetaXWay,,None,2026-03-31T12:00:00.123Z,',
        'T-2,atx,"100% Zeta_Way, Suite ""B""",445110,None,2026-03-31T12:00:00.123Z,2026-02-01',
        `T-1,atx,"'=HYPERLINK(""http://evil"")",722511,Pioneer,2026-03-31T12:00:00.123Z,`,
        '',
      ].join('\r\n'),
    );
    const last = await ada.fetch('/api/business-licenses/search?format=csv&address=zetaxway');
    expect(last.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('GET /api/zba-decisions/search', () => {
  it('answers the newest decisions first and filters jurisdictions in any form', async () => {
    const all = await ada.get<Page<Decision>>('/api/zba-decisions/search?limit=1000');
    expect(all.body.records).toHaveLength(200);
    const dates = all.body.records.map((r) => r.decision_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const test = 'q=test-000';
    const repeated = await ada.get<Page<Decision>>(
      `/api/zba-decisions/search?${test}&jurisdiction=newton&jurisdiction=SOMERVILLE`,
    );
    const commas = await ada.get<Page<Decision>>(
      `/api/zba-decisions/search?${test}&jurisdiction=Newton,%20somerville`,
    );
    expect(repeated.body.records.map((r) => r.case_number)).toEqual([
      'TEST-0001',
      'TEST-0003',
      'TEST-0002',
    ]);
    expect(commas.body).toEqual(repeated.body);
    const newton = await ada.get<Page<Decision>>(
      `/api/zba-decisions/search?${test}&jurisdiction=Newton`,
    );
    expect(newton.body.total).toBe(2);
  });

  it('filters by outcome, variance type, address text and an inclusive date range', async () => {
    const search = (query: string) =>
      ada.get<Page<Decision>>(`/api/zba-decisions/search?q=test-000&${query}`);
    expect((await search('outcome=Denied')).body.records.map((r) => r.case_number)).toEqual([
      'TEST-0002',
    ]);
    expect((await search('variance_type=SETBACK')).body.records.map((r) => r.case_number)).toEqual([
      'TEST-0001',
    ]);
    const byAddress = await ada.get<Page<Decision>>('/api/zba-decisions/search?q=3%20test%20rd');
    expect(byAddress.body.records.map((r) => r.case_number)).toEqual(['TEST-0003']);
    const range = await search('decided_from=2026-03-29&decided_to=2026-03-29&order=asc');
    expect(range.body.records.map((r) => r.case_number)).toEqual(['TEST-0002', 'TEST-0003']);
  });

  it('refuses malformed parameters with 400 invalid_request', async () => {
    for (const query of [
      'jurisdiction=Boston,Springfield',
      'jurisdiction=',
      'outcome=approved',
      'q=x',
      'variance_type=a',
      'decided_from=2026-02-30',
      'decided_to=31-03-2026',
      'decided_from=2026-03-02&decided_to=2026-03-01',
      'sort=decision_date',
      'order=newest',
      'limit=1.5',
    ]) {
      const reply = await ada.get(`/api/zba-decisions/search?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectError(reply.body, 'invalid_request');
    }
  });

  it('pages with cursors in both orders', async () => {
    for (const order of ['desc', 'asc']) {
      const seen: Decision[] = [];
      let cursor: string | null = null;
      let total = 0;
      do {
        const query = `order=${order}&limit=200${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page: { body: Page<Decision> } = await ada.get<Page<Decision>>(
          `/api/zba-decisions/search?${query}`,
        );
        total = page.body.total;
        seen.push(...page.body.records);
        cursor = page.body.next_cursor;
      } while (cursor !== null);
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((r) => r.id)).size).toBe(total);
      const dates = seen.map((r) => r.decision_date);
      const sorted = [...dates].sort();
      expect(dates).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('exports CSV with the exact header, conditions cut to 200 code points, formulas guarded', async () => {
    const reply = await ada.fetch(
      '/api/zba-decisions/search?format=csv&q=test-000&jurisdiction=Newton',
    );
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      'attachment; filename="zba-decisions-20260331.csv"',
    );
    const lines = (await reply.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Case Number,Jurisdiction,Address,Variance Type,Outcome,Decision Date,Conditions',
    );
    const conditions = `${'Ω'.repeat(150)}${'c'.repeat(50)}`;
    expect([...conditions]).toHaveLength(200);
    expect(lines.slice(1)).toEqual([
      `TEST-0001,Newton,1 Test Rd,Rear setback,Granted with Conditions,2026-03-30,${conditions}`,
      "TEST-0002,Newton,2 Test Rd,Height,Denied,2026-03-29,'+1 more storey",
      '',
    ]);
    const json = await ada.get<Page<Decision>>('/api/zba-decisions/search?q=test-0001');
    expect(json.body.records[0]!.conditions).toBe(LONG_CONDITIONS);
  });
});
