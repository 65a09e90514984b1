// GET /api/v1/density and the density-refresh job, on a hand-built day of positions. The view's
// 30-day window follows the database's date, so this file's clock stands at noon of today's
// real UTC date and the fixture day is its yesterday.
import { addUtcDays, FixedClock, utcDay } from '@platform/clock';
import { JobDispatcher } from '@platform/queues';
import { getResolution, isValidCell } from 'h3-js';
import { CENTER, DISK, insertDensityDay } from './support/density-fixtures';
import { maritimeForFile } from './support/maritime-harness';

const TODAY = utcDay(new Date());
const DAY = addUtcDays(TODAY, -1);
const maritime = maritimeForFile({ clock: new FixedClock(`${TODAY}T12:00:00.000Z`) });

interface Cell {
  h3_index: string;
  vessel_type: string;
  positions_count: number;
  unique_vessels: number;
}
interface Density {
  day: string;
  vessel_type: string;
  cells: Cell[];
  count: number;
  tier: string;
  limit_applied: number;
}

const keys: Record<string, string> = {};
let refresh: unknown;

beforeAll(async () => {
  await insertDensityDay(maritime.harness.db, DAY);
  refresh = await maritime.harness.instances[0]!.app.get(JobDispatcher).runNow('density-refresh');
  for (const plan of ['free', 'starter', 'pro', 'supply_chain_risk', 'admin'] as const)
    keys[plan] = await maritime.mintKey(plan);
});

describe('density-refresh job', () => {
  it('refreshes the view and records density_refreshes and job_runs rows', async () => {
    const db = maritime.harness.db;
    const [dbDay] = (await db.query(`SELECT (now() AT TIME ZONE 'UTC')::date::text AS today`)) as {
      today: string;
    }[];
    const [stored] = (await db.query(`SELECT count(*)::int AS n FROM density_daily`)) as {
      n: number;
    }[];
    expect(stored!.n).toBe(DISK.length + 1); // every bulk cell plus the tanker's
    expect(refresh).toEqual({
      acquired: true,
      result: {
        refresh_id: expect.any(Number) as number,
        row_count: DISK.length + 1,
        window_start: addUtcDays(dbDay!.today, -30),
        window_end: addUtcDays(dbDay!.today, -1),
      },
    });
    const rows = (await db.query(
      `SELECT status, row_count, error, finished_at IS NOT NULL AS finished FROM density_refreshes`,
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      { status: 'succeeded', row_count: DISK.length + 1, error: null, finished: true },
    ]);
    const runs = (await db.query(`SELECT status FROM job_runs WHERE job = 'density-refresh'`)) as {
      status: string;
    }[];
    expect(runs).toEqual([{ status: 'succeeded' }]);
  });
});

describe('GET /api/v1/density', () => {
  it('clamps limit to each plan, then to 1000', async () => {
    expect(DISK.length).toBeGreaterThan(1000);
    const caps: [string | undefined, string, number][] = [
      [undefined, 'free', 20],
      [keys.free, 'free', 20],
      [keys.starter, 'starter', 100],
      [keys.pro, 'pro', 500],
      [keys.supply_chain_risk, 'supply_chain_risk', 500],
      [keys.admin, 'admin', 1000],
    ];
    for (const [key, tier, cap] of caps) {
      const reply = await maritime.get<Density>(`/api/v1/density?day=${DAY}&limit=5000`, key);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ day: DAY, vessel_type: 'bulk_carrier', tier });
      expect(reply.body.limit_applied).toBe(cap);
      expect(reply.body.cells).toHaveLength(cap);
      expect(reply.body.count).toBe(cap);
    }
    const small = await maritime.get<Density>(`/api/v1/density?day=${DAY}&limit=7`, keys.admin);
    expect(small.body).toMatchObject({ count: 7, limit_applied: 7 });
  });

  it('defaults to bulk_carrier, yesterday and 1000 cells', async () => {
    const reply = await maritime.get<Density>('/api/v1/density', keys.admin);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      day: DAY,
      vessel_type: 'bulk_carrier',
      count: 1000,
      limit_applied: 1000,
    });
  });

  it('orders cells busiest first, then by cell, with valid res-8 cells and sane counts', async () => {
    const { body } = await maritime.get<Density>(`/api/v1/density?limit=1000`, keys.admin);
    // Hand count: CENTER 4 vessel-hours (A at 00h and 22h, B at 01h and 02h), DISK[1] 2.
    expect(body.cells[0]).toEqual({
      h3_index: CENTER,
      vessel_type: 'bulk_carrier',
      positions_count: 4,
      unique_vessels: 2,
    });
    expect(body.cells[1]).toEqual({
      h3_index: DISK[1],
      vessel_type: 'bulk_carrier',
      positions_count: 2,
      unique_vessels: 2,
    });
    const rest = body.cells.slice(2);
    expect(rest.every((c) => c.positions_count === 1 && c.unique_vessels === 1)).toBe(true);
    expect(rest.map((c) => c.h3_index)).toEqual([...DISK.slice(2)].sort().slice(0, rest.length));
    for (const cell of body.cells) {
      expect(isValidCell(cell.h3_index)).toBe(true);
      expect(getResolution(cell.h3_index)).toBe(8);
      expect(cell.positions_count).toBeGreaterThanOrEqual(cell.unique_vessels);
      expect(cell.unique_vessels).toBeGreaterThanOrEqual(1);
    }
    for (let i = 1; i < body.cells.length; i += 1)
      expect(body.cells[i - 1]!.positions_count).toBeGreaterThanOrEqual(
        body.cells[i]!.positions_count,
      );
  });

  it('answers one vessel type at a time', async () => {
    const { body } = await maritime.get<Density>(`/api/v1/density?type=tanker&day=${DAY}`);
    expect(body).toMatchObject({ vessel_type: 'tanker', count: 1 });
    expect(body.cells).toEqual([
      { h3_index: CENTER, vessel_type: 'tanker', positions_count: 1, unique_vessels: 1 },
    ]);
  });

  it('answers an empty day with count 0', async () => {
    const reply = await maritime.get<Density>(`/api/v1/density?day=${addUtcDays(DAY, -1)}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ cells: [], count: 0, limit_applied: 20, tier: 'free' });
  });

  it('refuses type=all, unknown types, bad days and bad limits with 400', async () => {
    const bad = [
      ['type=all', 'type'],
      ['type=supertanker', 'type'],
      [`day=${TODAY}`, 'day'],
      [`day=${addUtcDays(TODAY, 3)}`, 'day'],
      ['day=2026-02-30', 'day'],
      [`day=${DAY}T00:00:00Z`, 'day'],
      ['limit=0', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=ten', 'limit'],
    ];
    for (const [query, field] of bad) {
      const reply = await maritime.get<{ code: string; details: { field: string }[] }>(
        `/api/v1/density?${query}`,
      );
      expect({ query, status: reply.status, code: reply.body.code }).toEqual({
        query,
        status: 400,
        code: 'invalid_request',
      });
      expect(reply.body.details.map((d) => d.field)).toContain(field);
    }
  });

  it('refuses a day beyond the plan history with 403 history_depth_exceeded', async () => {
    const at = (days: number): string => `/api/v1/density?day=${addUtcDays(TODAY, -days)}`;
    for (const key of [undefined, keys.free]) {
      const old = await maritime.get(at(10), key);
      expect(old.status).toBe(403);
      expect(old.body).toMatchObject({ code: 'history_depth_exceeded' });
      expect((await maritime.get(at(8), key)).status).toBe(403);
      expect((await maritime.get(at(7), key)).status).toBe(200);
    }
    expect((await maritime.get(at(10), keys.starter)).status).toBe(200);
    expect((await maritime.get(at(30), keys.starter)).status).toBe(200);
    expect((await maritime.get(at(31), keys.starter)).status).toBe(403);
    expect((await maritime.get(at(400), keys.pro)).status).toBe(200);
  });

  it('answers 500 density_query_failed when the query fails, and the refresh records it', async () => {
    const db = maritime.harness.db;
    const dispatcher = maritime.harness.instances[0]!.app.get(JobDispatcher);
    await db.query('ALTER MATERIALIZED VIEW density_daily RENAME TO density_daily_away');
    try {
      const reply = await maritime.get(`/api/v1/density?day=${DAY}`);
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({
        error: expect.any(String) as string,
        code: 'density_query_failed',
      });
      await expect(dispatcher.runNow('density-refresh')).rejects.toThrow(/density_daily/);
    } finally {
      await db.query('ALTER MATERIALIZED VIEW density_daily_away RENAME TO density_daily');
    }
    const [failed] = (await db.query(
      `SELECT status, error, row_count FROM density_refreshes ORDER BY id DESC LIMIT 1`,
    )) as { status: string; error: string; row_count: number | null }[];
    expect(failed).toMatchObject({ status: 'failed', row_count: null });
    expect(failed!.error).toMatch(/density_daily/);
    const runs = (await db.query(
      `SELECT status FROM job_runs WHERE job = 'density-refresh' ORDER BY id`,
    )) as { status: string }[];
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'failed']);
    expect((await maritime.get(`/api/v1/density?day=${DAY}`)).status).toBe(200);
  });
});
