// Trade routes on the small seed (seed 42, ending at TEST_NOW): chokepoint shifts and flow
// shares recompute from the voyages, and every deception's deviation is the great-circle
// distance between its ports.
import { addMonths, haversineNm } from '@platform/maritime-domain';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

describe('trade routes on the small seed', () => {
  it('recomputes chokepoint shifts from voyages.chokepoints by hand', async () => {
    // The small seed's 180 days of voyages begin with the diversion itself, so its before/after
    // contrast needs the default seed; here every chokepoint of the last complete month is
    // recomputed from the raw transits instead.
    const period = '2026-02';
    const counts = (await maritime.harness.db.query(
      `SELECT c AS chokepoint, to_char(v.departed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period,
         count(DISTINCT v.id)::int AS n
       FROM voyages v, unnest(v.chokepoints) c GROUP BY 1, 2`,
    )) as { chokepoint: string; period: string; n: number }[];
    const n = (c: string, p: string): number =>
      counts.find((r) => r.chokepoint === c && r.period === p)?.n ?? 0;
    const expected = [...new Set(counts.map((r) => r.chokepoint))]
      .map((c) => {
        const mean = [1, 2, 3].reduce((sum, k) => sum + n(c, addMonths(period, -k)), 0) / 3;
        return {
          c,
          value: n(c, period),
          mean,
          pct: mean > 0 ? (100 * (n(c, period) - mean)) / mean : null,
        };
      })
      .filter((e) => (e.pct === null ? e.value > 0 : Math.abs(e.pct) >= 20));
    expect(expected.length).toBeGreaterThan(0);
    const reply = await maritime.get<Body>(
      `/api/v1/routes/shifts?kind=chokepoint&period=${period}`,
    );
    expect(reply.status).toBe(200);
    const shifts = reply.body.shifts as Row[];
    expect(shifts.map((s) => s.chokepoint).sort()).toEqual(expected.map((e) => e.c).sort());
    for (const e of expected)
      expect(shifts.find((s) => s.chokepoint === e.c)).toMatchObject({
        value: e.value,
        previous_value: Math.round(e.mean * 100) / 100,
        change_pct: e.pct === null ? null : Math.round(e.pct * 100) / 100,
        direction: e.value > e.mean ? 'up' : 'down',
        previous_period: '2026-01',
      });
  });

  it('recomputes every flow share from the voyages of its origin and month', async () => {
    const period = '2026-01';
    const reply = await maritime.get<Body>(`/api/v1/routes/flows?period=${period}&limit=200`);
    const flows = reply.body.flows as Row[];
    expect(flows.length).toBeGreaterThan(0);
    const totals = (await maritime.harness.db.query(
      `SELECT o.slug, sum(coalesce(v.cargo_t, 0))::float8 AS tonnes
       FROM voyages v JOIN ports o ON o.id = v.origin_port_id
       WHERE v.status = 'completed' AND v.laden
         AND to_char(v.departed_at AT TIME ZONE 'UTC', 'YYYY-MM') = $1
       GROUP BY o.slug`,
      [period],
    )) as { slug: string; tonnes: number }[];
    const byOrigin = new Map(totals.map((t) => [t.slug, t.tonnes / 1e6]));
    for (const flow of flows) {
      const total = byOrigin.get(flow.origin_port as string)!;
      expect(
        Math.abs((flow.market_share_pct as number) - (100 * (flow.tonnage_mt as number)) / total),
      ).toBeLessThanOrEqual(0.006);
    }
  });

  it('measures each deception as the great-circle distance between declared and actual port', async () => {
    const key = await maritime.mintKey('pro');
    const reply = await maritime.get<Body>('/api/v1/routes/deceptions?limit=200', key);
    const deceptions = reply.body.deceptions as Row[];
    expect(deceptions.length).toBeGreaterThan(0);
    const ports = (await maritime.get<{ ports: Row[] }>('/api/v1/ports')).body.ports;
    const at = new Map(
      ports.map((p) => [p.slug, { lat: p.latitude as number, lon: p.longitude as number }]),
    );
    for (const d of deceptions) {
      expect(d.declared_port).not.toBe(d.actual_port);
      const nm = haversineNm(at.get(d.declared_port)!, at.get(d.actual_port)!);
      expect(Math.abs((d.deviation_nm as number) - nm)).toBeLessThanOrEqual(0.05);
    }
    const stored = (await maritime.harness.db.query(
      `SELECT r.id::int AS id, r.deviation_nm FROM route_deceptions r`,
    )) as { id: number; deviation_nm: number }[];
    const storedById = new Map(stored.map((s) => [s.id, s.deviation_nm]));
    for (const d of deceptions)
      expect(d.deviation_nm).toBeCloseTo(storedById.get(d.id as number)!, 1);
  });
});
