// GET /api/v1/routes/deceptions on a hand-built fixture (clock TEST_NOW): order, great-circle
// deviation, filters, plan history depth and sync delay, limits.
import { TEST_NOW } from '@platform/testing';
import { PORTS } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';
import {
  BOX,
  BULK,
  EXTRA_PORTS,
  insertDeceptions,
  insertTradeWorld,
  TANKER,
} from './support/trade-routes-fixtures';

const maritime = maritimeForFile();
const NOW_MS = Date.parse(TEST_NOW);
const keys: Record<string, string> = {};

type Body = Record<string, unknown> & { code?: string; details?: { field: string }[] };
const rows = (body: Body, key: string): Record<string, unknown>[] =>
  body[key] as Record<string, unknown>[];

/** Great-circle distance in nm, written out here so the route's answer is checked independently. */
function greatCircleNm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return (2 * 6371.0088 * Math.asin(Math.sqrt(h))) / 1.852;
}

beforeAll(async () => {
  const db = maritime.harness.db;
  await insertDeceptions(db, await insertTradeWorld(db), NOW_MS);
  keys.pro = await maritime.mintKey('pro');
  keys.free = await maritime.mintKey('free');
});

describe('GET /api/v1/routes/deceptions', () => {
  it('lists deceptions newest first with the great-circle deviation', async () => {
    const reply = await maritime.get<Body>('/api/v1/routes/deceptions', keys.pro);
    expect(reply.status).toBe(200);
    const list = rows(reply.body, 'deceptions');
    expect(list.map((d) => d.imo_number)).toEqual([BOX, BULK, TANKER]);
    expect(list[1]).toEqual({
      id: expect.any(Number) as number,
      imo_number: BULK,
      vessel_name: 'ROUTE BULK',
      declared_destination: 'SG SIN',
      declared_port: 'singapore',
      actual_port: 'rotterdam',
      departed_at: '2026-03-10T00:00:00.000Z',
      arrived_at: '2026-03-15T00:00:00.000Z',
      deviation_nm: expect.any(Number) as number,
      detected_at: new Date(NOW_MS - 2 * 86_400_000).toISOString(),
    });
    const expected = [
      greatCircleNm(EXTRA_PORTS.santos, PORTS.rotterdam),
      greatCircleNm(PORTS.singapore, PORTS.rotterdam),
      greatCircleNm(EXTRA_PORTS.santos, EXTRA_PORTS.houston),
    ];
    list.forEach((d, i) =>
      expect(Math.abs((d.deviation_nm as number) - expected[i]!)).toBeLessThanOrEqual(0.05),
    );
    expect(reply.body).toMatchObject({ count: 3, limit_applied: 50, tier: 'pro' });
  });

  it('filters by vessel, port (declared or actual) and since', async () => {
    const byImo = await maritime.get<Body>(`/api/v1/routes/deceptions?imo=${TANKER}`, keys.pro);
    expect(rows(byImo.body, 'deceptions').map((d) => d.imo_number)).toEqual([TANKER]);
    const byPort = await maritime.get<Body>('/api/v1/routes/deceptions?port=santos', keys.pro);
    expect(rows(byPort.body, 'deceptions').map((d) => d.imo_number)).toEqual([BOX, TANKER]);
    const since = new Date(NOW_MS - 10 * 86_400_000).toISOString();
    const recent = await maritime.get<Body>(`/api/v1/routes/deceptions?since=${since}`, keys.pro);
    expect(rows(recent.body, 'deceptions').map((d) => d.imo_number)).toEqual([BOX, BULK]);
  });

  it('cuts lists to the plan history and sync delay, and refuses an older since', async () => {
    for (const key of [undefined, keys.free]) {
      const reply = await maritime.get<Body>('/api/v1/routes/deceptions', key);
      // The 20-day-old one is beyond 7 days; the 5-minute-old one is inside the 15-minute delay.
      expect(rows(reply.body, 'deceptions').map((d) => d.imo_number)).toEqual([BULK]);
      const since = new Date(NOW_MS - 10 * 86_400_000).toISOString();
      const old = await maritime.get<Body>(`/api/v1/routes/deceptions?since=${since}`, key);
      expect(old.status).toBe(403);
      expect(old.body.code).toBe('history_depth_exceeded');
    }
  });

  it('refuses unknown ports, bad IMOs and bad limits; clamps limit to 200', async () => {
    const unknown = await maritime.get<Body>('/api/v1/routes/deceptions?port=atlantis');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('port_not_found');
    for (const query of ['imo=1234568', 'imo=123456', 'since=yesterday', 'limit=0', 'limit=1.5']) {
      const reply = await maritime.get<Body>(`/api/v1/routes/deceptions?${query}`);
      expect({ query, status: reply.status, code: reply.body.code }).toEqual({
        query,
        status: 400,
        code: 'invalid_request',
      });
    }
    const clamped = await maritime.get<Body>('/api/v1/routes/deceptions?limit=201', keys.pro);
    expect(clamped.body).toMatchObject({ limit_applied: 200, count: 3 });
    const one = await maritime.get<Body>('/api/v1/routes/deceptions?limit=1', keys.pro);
    expect(rows(one.body, 'deceptions').map((d) => d.imo_number)).toEqual([BOX]);
  });
});
