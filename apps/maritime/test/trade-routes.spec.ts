// GET /api/v1/routes/flows and /shifts on a hand-built fixture (clock TEST_NOW,
// 2026-03-31T23:59:59Z, so the default period is 2026-02), with the route-flows-refresh job.
import { JobDispatcher } from '@platform/queues';
import { maritimeForFile } from './support/maritime-harness';
import {
  chokepointVoyages,
  insertTradeWorld,
  insertVoyages,
  LANE_VOYAGES,
} from './support/trade-routes-fixtures';

const maritime = maritimeForFile();
let refresh: unknown;

type Body = Record<string, unknown> & { code?: string; details?: { field: string }[] };
const rows = (body: Body, key: string): Record<string, unknown>[] =>
  body[key] as Record<string, unknown>[];

beforeAll(async () => {
  const db = maritime.harness.db;
  const ports = await insertTradeWorld(db);
  await insertVoyages(db, ports, [...LANE_VOYAGES, ...chokepointVoyages()]);
  refresh =
    await maritime.harness.instances[0]!.app.get(JobDispatcher).runNow('route-flows-refresh');
});

describe('route-flows-refresh job', () => {
  it('refreshes route_flows_monthly and records a job_runs row', async () => {
    // Dec: R→S bulk, R→S tanker, R→B container; Jan and Feb: six lanes each.
    expect(refresh).toEqual({ acquired: true, result: { row_count: 15, periods: 3 } });
    const runs = (await maritime.harness.db.query(
      `SELECT status FROM job_runs WHERE job = 'route-flows-refresh'`,
    )) as { status: string }[];
    expect(runs).toEqual([{ status: 'succeeded' }]);
  });
});

describe('GET /api/v1/routes/flows', () => {
  it('gives each pair its share of all tonnage leaving the origin that month', async () => {
    const reply = await maritime.get<Body>('/api/v1/routes/flows?period=2025-12');
    expect(reply.status).toBe(200);
    // Rotterdam shipped 20,000 + 10,000 + 10,000 + 60,000 = 100,000 t laden in December.
    expect(rows(reply.body, 'flows')).toEqual([
      {
        origin_port: 'rotterdam',
        destination_port: 'santos',
        period: '2025-12',
        vessel_type: 'container',
        voyages: 1,
        tonnage_mt: 0.06,
        market_share_pct: 60,
        avg_transit_days: 14,
      },
      {
        origin_port: 'rotterdam',
        destination_port: 'singapore',
        period: '2025-12',
        vessel_type: 'bulk_carrier',
        voyages: 2,
        tonnage_mt: 0.03,
        market_share_pct: 30,
        avg_transit_days: 15,
      },
      {
        origin_port: 'rotterdam',
        destination_port: 'singapore',
        period: '2025-12',
        vessel_type: 'tanker',
        voyages: 1,
        tonnage_mt: 0.01,
        market_share_pct: 10,
        avg_transit_days: 12,
      },
    ]);
    expect(reply.body).toMatchObject({
      period: '2025-12',
      count: 3,
      limit_applied: 50,
      tier: 'free',
    });
  });

  it('keeps the share against the whole origin when filtering', async () => {
    const byDest = await maritime.get<Body>(
      '/api/v1/routes/flows?period=2025-12&destination=singapore&vessel_type=tanker',
    );
    expect(rows(byDest.body, 'flows')).toEqual([
      expect.objectContaining({ vessel_type: 'tanker', market_share_pct: 10 }),
    ]);
    const byOrigin = await maritime.get<Body>('/api/v1/routes/flows?origin=houston');
    // February (the default): houston → rotterdam 54,990 t and → singapore 45,010 t.
    expect(
      rows(byOrigin.body, 'flows').map((f) => [f.destination_port, f.market_share_pct]),
    ).toEqual([
      ['rotterdam', 54.99],
      ['singapore', 45.01],
    ]);
  });

  it('refuses unknown ports, bad periods and bad limits; clamps limit to 200', async () => {
    const unknown = await maritime.get<Body>('/api/v1/routes/flows?origin=atlantis');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('port_not_found');
    expect((await maritime.get('/api/v1/routes/flows?destination=atlantis')).status).toBe(404);
    for (const query of [
      'period=2026-2',
      'period=2026-13',
      'period=2026-02-01',
      'vessel_type=all',
      'limit=0',
      'limit=2.5',
    ]) {
      const reply = await maritime.get<Body>(`/api/v1/routes/flows?${query}`);
      expect({ query, status: reply.status, code: reply.body.code }).toEqual({
        query,
        status: 400,
        code: 'invalid_request',
      });
      expect(reply.body.details?.length).toBeGreaterThan(0);
    }
    const clamped = await maritime.get<Body>('/api/v1/routes/flows?limit=500');
    expect(clamped.body).toMatchObject({ limit_applied: 200, count: 6 });
    const one = await maritime.get<Body>('/api/v1/routes/flows?limit=1');
    expect(one.body).toMatchObject({ limit_applied: 1, count: 1 });
    expect(rows(one.body, 'flows')[0]).toMatchObject({
      origin_port: 'singapore',
      tonnage_mt: 0.125,
    });
  });
});

describe('GET /api/v1/routes/shifts', () => {
  it('finds both kinds at their thresholds for the last complete month', async () => {
    const reply = await maritime.get<Body>('/api/v1/routes/shifts');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ period: '2026-02', count: 5, limit_applied: 50 });
    const base = { period: '2026-02', previous_period: '2026-01' };
    const chokepoint = {
      ...base,
      kind: 'chokepoint',
      origin_port: null,
      destination_port: null,
      share_pct: null,
      previous_share_pct: null,
      share_change_pp: null,
    };
    const lane = { ...base, kind: 'lane_share', chokepoint: null };
    expect(rows(reply.body, 'shifts')).toEqual([
      // good-hope: 6 against (4 + 5 + 6) / 3 = 5 → +20 %; suez: 4 against 5 → −20 %.
      {
        ...chokepoint,
        chokepoint: 'good-hope',
        value: 6,
        previous_value: 5,
        change_pct: 20,
        direction: 'up',
      },
      {
        ...chokepoint,
        chokepoint: 'suez',
        value: 4,
        previous_value: 5,
        change_pct: -20,
        direction: 'down',
      },
      // rotterdam → santos: share 40 → 35 % (−5 pp), tonnage −12.5 %.
      {
        ...lane,
        origin_port: 'rotterdam',
        destination_port: 'santos',
        value: 0.035,
        previous_value: 0.04,
        change_pct: -12.5,
        share_pct: 35,
        previous_share_pct: 40,
        share_change_pp: -5,
        direction: 'down',
      },
      {
        ...lane,
        origin_port: 'rotterdam',
        destination_port: 'singapore',
        value: 0.065,
        previous_value: 0.06,
        change_pct: 8.33,
        share_pct: 65,
        previous_share_pct: 60,
        share_change_pp: 5,
        direction: 'up',
      },
      // singapore → rotterdam: the whole origin both months, tonnage +25 %.
      {
        ...lane,
        origin_port: 'singapore',
        destination_port: 'rotterdam',
        value: 0.125,
        previous_value: 0.1,
        change_pct: 25,
        share_pct: 100,
        previous_share_pct: 100,
        share_change_pp: 0,
        direction: 'up',
      },
    ]);
  });

  it('filters by kind and period, and limits', async () => {
    const chokepoints = await maritime.get<Body>('/api/v1/routes/shifts?kind=chokepoint');
    expect(rows(chokepoints.body, 'shifts').map((s) => s.chokepoint)).toEqual([
      'good-hope',
      'suez',
    ]);
    const lanes = await maritime.get<Body>('/api/v1/routes/shifts?kind=lane_share&period=2026-02');
    expect(rows(lanes.body, 'shifts').every((s) => s.kind === 'lane_share')).toBe(true);
    expect(lanes.body.count).toBe(3);
    const one = await maritime.get<Body>('/api/v1/routes/shifts?limit=1');
    expect(one.body).toMatchObject({ count: 1, limit_applied: 1 });
    const clamped = await maritime.get<Body>('/api/v1/routes/shifts?limit=1000');
    expect(clamped.body).toMatchObject({ count: 5, limit_applied: 200 });
    const empty = await maritime.get<Body>('/api/v1/routes/shifts?period=2020-01');
    expect(empty.body).toMatchObject({ shifts: [], count: 0 });
    for (const query of ['kind=deviation', 'period=Feb', 'limit=0', 'limit=-3']) {
      const reply = await maritime.get<Body>(`/api/v1/routes/shifts?${query}`);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.body.code).toBe('invalid_request');
    }
  });
});
