// Black-box acceptance of GET /api/v1/density on the small seed. The view's 30-day window follows
// the database's own date, so this file's clock stands at noon of today's real UTC date and the
// seed's last full day of positions is copied, unchanged but for the date, to yesterday.
import { addUtcDays, FixedClock, utcDay } from '@platform/clock';
import { expectErrorBody, TEST_NOW } from '@platform/testing';
import { getResolution, isValidCell } from 'h3-js';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const TODAY = utcDay(new Date());
const YESTERDAY = addUtcDays(TODAY, -1);
const SEED_DAY = TEST_NOW.slice(0, 10);
const maritime = maritimeForFile({
  ...smallSeedTemplate,
  clock: new FixedClock(`${TODAY}T12:00:00.000Z`),
});

interface Density {
  day: string;
  vessel_type: string;
  cells: { h3_index: string; positions_count: number; unique_vessels: number }[];
  count: number;
  tier: string;
  limit_applied: number;
}
const keys: Record<string, string> = {};

beforeAll(async () => {
  const db = maritime.harness.db;
  await db.query(
    `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, sog_kn, cog_deg, heading,
       nav_status, draft_m, source)
     SELECT imo, mmsi, ts + ($2::date - $1::date) * interval '1 day', lat, lon, h3_r8, sog_kn,
       cog_deg, heading, nav_status, draft_m, source
     FROM ais_positions WHERE ts >= $1::date AND ts < $1::date + 1
     ON CONFLICT DO NOTHING`,
    [SEED_DAY, YESTERDAY],
  );
  await db.query('REFRESH MATERIALIZED VIEW density_daily');
  for (const plan of ['free', 'starter', 'pro', 'supply_chain_risk', 'admin'] as const)
    keys[plan] = await maritime.mintKey(plan, { owner: `density-${plan}` });
});

describe('density (seed positions of one day)', () => {
  it('has more than 1000 bulk_carrier cells on the day', async () => {
    const [row] = (await maritime.harness.db.query(
      `SELECT count(*)::int AS n FROM density_daily WHERE day = $1 AND vessel_type = 'bulk_carrier'`,
      [YESTERDAY],
    )) as { n: number }[];
    expect(row!.n).toBeGreaterThan(1000);
  });

  it('clamps limit=5000 per plan: 20 anonymous/free, 100 starter, 500 pro/scr, 1000 admin', async () => {
    const caps: [string | undefined, string, number][] = [
      [undefined, 'free', 20],
      [keys['free'], 'free', 20],
      [keys['starter'], 'starter', 100],
      [keys['pro'], 'pro', 500],
      [keys['supply_chain_risk'], 'supply_chain_risk', 500],
      [keys['admin'], 'admin', 1000],
    ];
    for (const [key, tier, cap] of caps) {
      const reply = await maritime.get<Density>('/api/v1/density?limit=5000', key);
      expect({ tier, status: reply.status }).toEqual({ tier, status: 200 });
      expect({
        tier: reply.body.tier,
        day: reply.body.day,
        limit_applied: reply.body.limit_applied,
        cells: reply.body.cells.length,
        count: reply.body.count,
      }).toEqual({ tier, day: YESTERDAY, limit_applied: cap, cells: cap, count: cap });
    }
    // Below the plan cap the requested value is used and echoed.
    const small = await maritime.get<Density>('/api/v1/density?limit=7', keys['admin']);
    expect([small.body.limit_applied, small.body.cells.length]).toEqual([7, 7]);
  });

  it('sorts by positions_count desc (then h3), with positions ≥ vessels ≥ 1 and valid res-8 cells', async () => {
    const reply = await maritime.get<Density>(
      `/api/v1/density?limit=1000&day=${YESTERDAY}&type=bulk_carrier`,
      keys['admin'],
    );
    expect(reply.status).toBe(200);
    const cells = reply.body.cells;
    expect(cells).toHaveLength(1000);
    for (let i = 0; i < cells.length; i += 1) {
      const c = cells[i]!;
      expect(isValidCell(c.h3_index) && getResolution(c.h3_index) === 8).toBe(true);
      expect(c.positions_count).toBeGreaterThanOrEqual(c.unique_vessels);
      expect(c.unique_vessels).toBeGreaterThanOrEqual(1);
      if (i > 0) {
        const p = cells[i - 1]!;
        expect(
          p.positions_count > c.positions_count ||
            (p.positions_count === c.positions_count && p.h3_index < c.h3_index),
        ).toBe(true);
      }
    }
    expect(new Set(cells.map((c) => c.h3_index)).size).toBe(cells.length);
  });

  it('refuses type=all, unknown types, today and later (400) and a free day 10 days back (403)', async () => {
    for (const query of ['type=all', 'type=submarine', `day=${TODAY}`, 'day=2026-02-30']) {
      const reply = await maritime.get<{ details: { field: string }[] }>(
        `/api/v1/density?${query}`,
        keys['pro'],
      );
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expectErrorBody('code', reply.body, 'invalid_request');
      expect(reply.body.details.map((d) => d.field)).toContain(query.split('=')[0]);
    }
    const old = addUtcDays(TODAY, -10);
    const free = await maritime.get(`/api/v1/density?day=${old}`, keys['free']);
    expect(free.status).toBe(403);
    expectErrorBody('code', free.body, 'history_depth_exceeded');
    const pro = await maritime.get<Density>(`/api/v1/density?day=${old}`, keys['pro']);
    expect(pro.status).toBe(200);
    expect(pro.body.count).toBe(0);
  });
});
