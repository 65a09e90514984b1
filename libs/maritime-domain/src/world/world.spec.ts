import { createHash } from 'node:crypto';
import { getResolution, isValidCell } from 'h3-js';
import { isValidImo, isValidMmsi, mmsiMid } from '../identifiers';
import { thinEvenly } from './ais/h3-sequence';
import { generateFleet } from './fleet/fleet';
import { TYPE_MIX, apportion } from './fleet/quotas';
import { TABLE_LOAD_ORDER, TABLES } from './tables';
import { generateWorld } from './world';
import type { World } from './world';
import { records } from './world.fixture';

const OPTIONS = { profile: 'small', seed: 42, asOf: '2025-06-01' } as const;

const digests = new WeakMap<World, Map<string, string>>();

/** A hash per table (memoised); AIS positions are hashed for every fifth vessel to keep the test quick. */
function digest(
  world: World,
  tables: readonly (keyof typeof TABLES)[] = TABLE_LOAD_ORDER,
): Record<string, string> {
  const known = digests.get(world) ?? new Map<string, string>();
  digests.set(world, known);
  return Object.fromEntries(
    tables.map((t) => {
      const cached = known.get(t);
      if (cached !== undefined) return [t, cached];
      const hash = createHash('sha256');
      if (t === 'ais_positions') {
        for (const imo of world.imos.filter((_, i) => i % 5 === 0))
          for (const row of world.vesselPositions(imo)) hash.update(row.join('\t'));
      } else for (const chunk of world.copyChunks(t)) hash.update(chunk);
      const value = hash.digest('hex');
      known.set(t, value);
      return [t, value];
    }),
  );
}

describe('generateWorld (small profile)', () => {
  let world: World;
  beforeAll(() => {
    world = generateWorld(OPTIONS);
  });

  it('yields rows of every table in the declared column order', () => {
    for (const table of TABLE_LOAD_ORDER) {
      const rows =
        table === 'ais_positions'
          ? [...world.vesselPositions(world.imos[0] as string)]
          : [...world.rows(table)];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.length === TABLES[table].length)).toBe(true);
    }
  });

  it('is deterministic: the same seed and as-of give identical rows, another seed differs', () => {
    const again = generateWorld(OPTIONS);
    expect(digest(again)).toEqual(digest(world));
    // Another seed: checked on the fleet alone, which is what every other table builds on.
    const fleet = (seed: number): string[] =>
      generateFleet({
        vesselCount: 200,
        seed,
        asOfMs: Date.parse('2025-06-01T00:00:00Z'),
        identityBeforeMs: Date.parse('2025-05-27T00:00:00Z'),
      }).vessels.map((v) => `${v.imo} ${v.name}`);
    expect(fleet(42)).toEqual(
      records(world, 'vessels').map((v) => `${v.imo as string} ${v.name as string}`),
    );
    expect(fleet(43)).not.toEqual(fleet(42));
  });

  it('keeps the vessel rows when the other streams are consumed differently (a day later, every schedule shifts)', () => {
    const nextDay = generateWorld({ ...OPTIONS, asOf: '2025-06-02' });
    expect(digest(nextDay, ['vessels'])).toEqual(digest(world, ['vessels']));
    expect(digest(nextDay, ['port_calls'])).not.toEqual(digest(world, ['port_calls']));
  });

  it('gives every vessel a valid unique IMO of its build era and a unique MMSI of its flag', () => {
    const vessels = records(world, 'vessels');
    const mids = new Map(
      records(world, 'flag_states').map((f) => [f.iso2, f.mids as readonly number[]]),
    );
    expect(vessels).toHaveLength(200);
    expect(new Set(vessels.map((v) => v.imo)).size).toBe(200);
    expect(new Set(vessels.map((v) => v.mmsi)).size).toBe(200);
    for (const v of vessels) {
      const imo = v.imo as string;
      const year = v.build_year as number;
      expect(isValidImo(imo)).toBe(true);
      expect(imo[0]).toBe(year < 1985 ? '7' : year < 1995 ? '8' : '9');
      expect(isValidMmsi(v.mmsi as string)).toBe(true);
      expect(mids.get(v.flag)).toContain(mmsiMid(v.mmsi as string));
    }
    const history = records(world, 'vessel_identity_history');
    for (const h of history.filter((x) => x.field === 'mmsi'))
      expect(isValidMmsi(h.old_value as string)).toBe(true);
    expect(new Set(vessels.map((v) => (v.imo as string)[0]))).toEqual(new Set(['7', '8', '9']));
  });

  it('has the 40 ports and the type mix of the fleet', () => {
    expect(records(world, 'ports')).toHaveLength(40);
    const counts = new Map<unknown, number>();
    for (const v of records(world, 'vessels'))
      counts.set(v.vessel_type, (counts.get(v.vessel_type) ?? 0) + 1);
    const expected = apportion(TYPE_MIX, 200);
    for (const [type, n] of Object.entries(expected)) expect(counts.get(type) ?? 0).toBe(n);
  });

  it('orders port calls arrived ≤ berthed ≤ departed and links them to voyages of the same vessel', () => {
    const voyages = new Map(records(world, 'voyages').map((v) => [v.id, v]));
    const calls = records(world, 'port_calls');
    const open = new Map<unknown, number>();
    for (const c of calls) {
      const arrived = Date.parse(c.arrived_at as string);
      if (c.berthed_at !== null)
        expect(Date.parse(c.berthed_at as string)).toBeGreaterThanOrEqual(arrived);
      if (c.departed_at !== null)
        expect(Date.parse(c.departed_at as string)).toBeGreaterThanOrEqual(
          Date.parse((c.berthed_at ?? c.arrived_at) as string),
        );
      else open.set(c.imo, (open.get(c.imo) ?? 0) + 1);
      if (c.voyage_id !== null) {
        const v = voyages.get(c.voyage_id);
        expect(v?.imo).toBe(c.imo);
        expect(v?.dest_port_id).toBe(c.port_id);
        expect(v?.arrived_at).toBe(c.arrived_at);
      }
    }
    expect(Math.max(...open.values())).toBe(1);
  });

  it('writes voyages with H3 tracks of at most 256 res-8 cells without repeats, and one underway voyage at most', () => {
    const voyages = records(world, 'voyages');
    const underway = new Map<unknown, number>();
    for (const v of voyages) {
      const cells = v.h3_sequence as string[];
      expect(cells.length).toBeGreaterThanOrEqual(1);
      expect(cells.length).toBeLessThanOrEqual(256);
      expect(
        cells.every(
          (c, i) => isValidCell(c) && getResolution(c) === 8 && (i === 0 || cells[i - 1] !== c),
        ),
      ).toBe(true);
      expect(v.status === 'completed').toBe(v.arrived_at !== null && v.dest_port_id !== null);
      if (v.status === 'underway') underway.set(v.imo, (underway.get(v.imo) ?? 0) + 1);
    }
    expect(Math.max(...underway.values())).toBe(1);
  });

  it('thins a long track evenly to 256 cells, keeping the first and the last', () => {
    const cells = Array.from({ length: 1000 }, (_, i) => `c${i}`);
    const thinned = thinEvenly(cells, 256);
    expect(thinned).toHaveLength(256);
    expect(thinned[0]).toBe('c0');
    expect(thinned[255]).toBe('c999');
    expect(thinEvenly(cells.slice(0, 10), 256)).toEqual(cells.slice(0, 10));
  });

  it('diverts most Red Sea voyages of the last six months round the Cape of Good Hope', () => {
    const voyages = records(world, 'voyages').filter((v) => v.status === 'completed');
    const bab = voyages.filter((v) => (v.chokepoints as string[]).includes('bab-el-mandeb')).length;
    const cape = voyages.filter((v) => (v.chokepoints as string[]).includes('good-hope')).length;
    expect(cape).toBeGreaterThan(bab);
  });

  it('keeps references between event rows and their sources', () => {
    const sts = records(world, 'sts_events');
    const locus = records(world, 'locus_alerts');
    for (const e of sts) {
      const alerts = locus.filter((l) => l.sts_event_id === e.id);
      expect(alerts.map((a) => a.imo).sort()).toEqual([e.imo_a, e.imo_b].sort());
      expect((e.imo_a as string) < (e.imo_b as string)).toBe(true);
    }
    const voyages = new Map(records(world, 'voyages').map((v) => [v.id, v]));
    for (const d of records(world, 'route_deceptions')) {
      const v = voyages.get(d.voyage_id);
      expect(v?.declared_port_id).toBe(d.declared_port_id);
      expect(v?.dest_port_id).toBe(d.actual_port_id);
      expect(d.declared_port_id).not.toBe(d.actual_port_id);
    }
    for (const a of records(world, 'draft_anomalies'))
      expect(
        Math.abs((a.draft_after_m as number) - (a.draft_before_m as number)),
      ).toBeGreaterThanOrEqual(1);
    const keys = records(world, 'platform_alerts').map((a) => a.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      records(world, 'platform_alerts')
        .filter((a) => a.type === 'river_level')
        .every((a) => a.product === 'supply_chain'),
    ).toBe(true);
    const kinds = new Set(locus.map((l) => l.kind));
    expect(kinds).toEqual(
      new Set([
        'port_entry',
        'port_departure',
        'zone_entry',
        'loitering',
        'sts_transfer',
        'unplanned_stop',
      ]),
    );
  });

  it('has river levels with a low-water episode, NDVI composites with baselines, and trade flows with misreports', () => {
    expect(records(world, 'river_gauges')).toHaveLength(3);
    expect(records(world, 'platform_alerts').some((a) => a.type === 'river_level')).toBe(true);
    const ndvi = records(world, 'ndvi_observations');
    expect(records(world, 'crop_regions')).toHaveLength(10);
    expect(ndvi.every((o) => (o.ndvi as number) >= -1 && (o.ndvi as number) <= 1)).toBe(true);
    expect(
      ndvi.some(
        (o) =>
          o.baseline_ndvi !== null &&
          ((o.ndvi as number) - (o.baseline_ndvi as number)) / (o.baseline_ndvi as number) < -0.2,
      ),
    ).toBe(true);
    const flows = records(world, 'trade_flows');
    const gaps = flows.map(
      (f) =>
        Math.abs((f.exported_mt as number) - (f.imported_mt as number)) /
        Math.max(f.exported_mt as number, f.imported_mt as number),
    );
    expect(gaps.filter((g) => g < 0.1).length / gaps.length).toBeGreaterThan(0.8);
    expect(gaps.some((g) => g >= 0.2)).toBe(true);
  });
});
