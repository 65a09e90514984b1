// GET /api/score-trends over HTTP on the tiny seed
// (see docs/geo-scoring/analytics.md#score-trends): metro and per-cell modes, the days window (last
// N UTC days including today), clamps and errors.
import { expectErrorBody } from '@platform/testing';
import { latLngToCell } from 'h3-js';

import { addDays, SIGNAL_GROUPS, tierOrNull } from '@platform/geo-domain';
import { expectPublicPolicy, geoForFile, TEST_TODAY } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

const file = geoForFile({ ...tinySeedTemplate });
const { get } = file;

interface MetroTrend {
  metro: string;
  days: number;
  profile: string;
  trend: { date: string; avg_composite: number; cells: number }[];
}

interface CellTrend {
  h3_index: string;
  metro_slug: string;
  days: number;
  profile: string;
  snapshots: Record<string, unknown>[];
}

async function ok<T>(query: string): Promise<T> {
  const reply = await get(`/api/score-trends?${query}`);
  expect(reply.status).toBe(200);
  return reply.body as unknown as T;
}

/** The service's today: the harness clock's date. */
const today = (): string => TEST_TODAY;

/** A cell with snapshots on several dates. */
async function trackedCell(): Promise<string> {
  const [row] = (await file.geo.db.query(
    `SELECT h3_index FROM score_snapshots WHERE profile = 'default'
     GROUP BY h3_index ORDER BY count(*) DESC, h3_index LIMIT 1`,
  )) as { h3_index: string }[];
  return row.h3_index;
}

describe('GET /api/score-trends', () => {
  it.each(['', 'metro=atx&h3_index=' + latLngToCell(30.27, -97.74, 8), 'days=30'])(
    'answers 400 invalid_request unless exactly one of metro / h3_index ("%s")',
    async (query) => {
      const reply = await get(`/api/score-trends?${query}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    },
  );

  it('metro mode: ascending dates with cells > 0, defaults days 90 and profile default', async () => {
    const reply = await get('/api/score-trends?metro=atx');
    expect(reply.status).toBe(200);
    expectPublicPolicy(reply);
    const body = reply.body as unknown as MetroTrend;
    expect(Object.keys(body).sort()).toEqual(['days', 'metro', 'profile', 'trend']);
    expect(body).toMatchObject({ metro: 'atx', days: 90, profile: 'default' });
    expect(body.trend.length).toBeGreaterThan(1);
    for (const [i, point] of body.trend.entries()) {
      expect(Object.keys(point).sort()).toEqual(['avg_composite', 'cells', 'date']);
      expect(point.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(point.cells).toBeGreaterThan(0);
      if (i > 0) expect(point.date > body.trend[i - 1].date).toBe(true);
    }
    const expected = (await file.geo.db.query(
      `SELECT to_char(snapshot_date, 'YYYY-MM-DD') AS date,
         round(avg_composite::numeric, 2)::float8 AS avg_composite, cells
       FROM score_snapshot_metro_daily
       WHERE metro_slug = 'atx' AND profile = 'default' AND snapshot_date > $1::date
       ORDER BY snapshot_date`,
      [addDays(today(), -90)],
    )) as MetroTrend['trend'];
    expect(body.trend).toEqual(expected);
  });

  it('days=N covers the last N UTC days including today, and never the future', async () => {
    await file.geo.db.query(
      `INSERT INTO score_snapshot_metro_daily (metro_slug, profile, snapshot_date, avg_composite, cells)
       VALUES ('bos', 'default', $1::date, 55.5, 3), ('bos', 'default', $2::date, 44.4, 2),
              ('bos', 'default', $3::date, 33.3, 1)
       ON CONFLICT (metro_slug, profile, snapshot_date) DO UPDATE
         SET avg_composite = EXCLUDED.avg_composite, cells = EXCLUDED.cells`,
      [today(), addDays(today(), -4), addDays(today(), 1)],
    );
    const five = await ok<MetroTrend>('metro=bos&days=5');
    expect(five.days).toBe(5);
    expect(five.trend[0]).toEqual({ date: addDays(today(), -4), avg_composite: 44.4, cells: 2 });
    expect(five.trend.at(-1)).toEqual({ date: today(), avg_composite: 55.5, cells: 3 });
    expect(five.trend.every((p) => p.date >= addDays(today(), -4) && p.date <= today())).toBe(true);
    const four = await ok<MetroTrend>('metro=bos&days=4');
    expect(four.trend.map((p) => p.date)).not.toContain(addDays(today(), -4));
    const one = await ok<MetroTrend>('metro=bos&days=1');
    expect(one.trend).toEqual([{ date: today(), avg_composite: 55.5, cells: 3 }]);
  });

  it('clamps days into 1..365 and refuses a non-integer', async () => {
    expect((await ok<MetroTrend>('metro=atx&days=0')).days).toBe(1);
    expect((await ok<MetroTrend>('metro=atx&days=-3')).days).toBe(1);
    expect((await ok<MetroTrend>('metro=atx&days=1000')).days).toBe(365);
    for (const days of ['abc', '1.5', '', '1e2', '7&days=8']) {
      const reply = await get(`/api/score-trends?metro=atx&days=${days}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('per-cell mode: snapshots ascending with profile, composite, confidence, tier and signals', async () => {
    const h3 = await trackedCell();
    const body = await ok<CellTrend>(`h3_index=${h3}&days=365`);
    expect(Object.keys(body).sort()).toEqual([
      'days',
      'h3_index',
      'metro_slug',
      'profile',
      'snapshots',
    ]);
    const [cell] = (await file.geo.db.query('SELECT metro_slug FROM cells WHERE h3_index = $1', [
      h3,
    ])) as { metro_slug: string }[];
    expect(body).toMatchObject({
      h3_index: h3,
      metro_slug: cell.metro_slug,
      days: 365,
      profile: 'default',
    });
    const rows = (await file.geo.db.query(
      `SELECT to_char(snapshot_date, 'YYYY-MM-DD') AS date, profile, composite, confidence,
         ${SIGNAL_GROUPS.join(', ')}
       FROM score_snapshots WHERE h3_index = $1 AND profile = 'default' ORDER BY snapshot_date`,
      [h3],
    )) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(1);
    expect(body.snapshots).toEqual(
      rows.map((row) => ({ ...row, tier: tierOrNull(row.composite as number | null) })),
    );
    for (const snapshot of body.snapshots) {
      expect(Object.keys(snapshot).sort()).toEqual(
        ['date', 'profile', 'composite', 'confidence', 'tier', ...SIGNAL_GROUPS].sort(),
      );
    }
  });

  it('answers 404 metro_not_found / cell_not_found (well-formed, unknown); 400 when malformed', async () => {
    const metro = await get('/api/score-trends?metro=zzz');
    expect(metro.status).toBe(404);
    expectErrorBody('code', metro.body, 'metro_not_found');
    for (const malformed of ['ATX', '', 'a', 'abcdefghijk']) {
      const reply = await get(`/api/score-trends?metro=${malformed}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const cell = await get(`/api/score-trends?h3_index=${latLngToCell(0, 0, 8)}`);
    expect(cell.status).toBe(404);
    expectErrorBody('code', cell.body, 'cell_not_found');
  });

  it('accepts profile=default and refuses an unknown profile', async () => {
    expect((await ok<MetroTrend>('metro=atx&profile=default')).profile).toBe('default');
    for (const profile of ['foo', 'DEFAULT', '', 'default&profile=default']) {
      const reply = await get(`/api/score-trends?metro=atx&profile=${profile}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it.each([
    'h3_index=abc',
    `h3_index=${latLngToCell(30.27, -97.74, 9)}`,
    `h3_index=${latLngToCell(30.27, -97.74, 8).toUpperCase()}`,
    'h3_index=',
    'metro=atx&metro=bos',
    'metro=atx&foo=1',
    'metro=atx&Days=3',
    'metro[]=atx',
  ])('answers 400 invalid_request for "%s"', async (query) => {
    const reply = await get(`/api/score-trends?${query}`);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });
});
