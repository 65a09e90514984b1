import { getResolution, isValidCell } from 'h3-js';
import { haversineNm } from '../geo';
import { generateWorld } from './world';
import type { World } from './world';
import { records } from './world.fixture';
import type { RowRecord } from './world.fixture';

const FIX_MS = 15 * 60 * 1000;
const SIX_HOURS = 6 * 3_600_000;

describe('AIS positions of the small profile', () => {
  let world: World;
  let byImo: Map<string, RowRecord[]>;
  beforeAll(() => {
    world = generateWorld({ profile: 'small', seed: 42, asOf: '2025-06-01' });
    byImo = new Map();
    for (const p of records(world, 'ais_positions')) {
      const list = byImo.get(p.imo as string) ?? [];
      list.push(p);
      byImo.set(p.imo as string, list);
    }
  });

  it('has about 58 k fixes in the 3-day window, with valid res-8 cells and sources', () => {
    const all = [...byImo.values()].flat();
    expect(all.length).toBeGreaterThan(50_000);
    expect(all.length).toBeLessThan(60_000);
    const from = Date.parse(world.windows.aisStart);
    const to = Date.parse(world.windows.asOf);
    const bad = all.filter((p) => {
      const ts = Date.parse(p.ts as string);
      const cell = p.h3_r8 as string;
      return (
        !(ts >= from && ts < to) ||
        !isValidCell(cell) ||
        getResolution(cell) !== 8 ||
        !['terrestrial', 'satellite'].includes(p.source as string)
      );
    });
    expect(bad).toEqual([]);
    const terrestrial = all.filter((p) => p.source === 'terrestrial').length / all.length;
    expect(terrestrial).toBeGreaterThan(0.2);
    expect(terrestrial).toBeLessThan(0.9);
  });

  it('reports every 15 minutes except inside gaps, and every gap is a dark event with its exact start and end', () => {
    const aisStart = Date.parse(world.windows.aisStart);
    const asOf = Date.parse(world.windows.asOf);
    const dark = records(world, 'dark_events').filter(
      (d) => (d.ended_at === null ? asOf : Date.parse(d.ended_at as string)) > aisStart,
    );
    const found: string[] = [];
    for (const [imo, fixes] of byImo) {
      const times = fixes.map((p) => Date.parse(p.ts as string));
      expect(times[0]! - aisStart).toBeLessThan(FIX_MS);
      for (let i = 1; i < times.length; i += 1) {
        const step = times[i]! - times[i - 1]!;
        if (step === FIX_MS) continue;
        if (step < SIX_HOURS) found.push(`${imo} short step ${step}`);
        found.push(
          `${imo} ${new Date(times[i - 1]!).toISOString()} ${new Date(times[i]!).toISOString()}`,
        );
      }
      const last = times.at(-1)!;
      if (asOf - last > FIX_MS) {
        expect(asOf - last).toBeGreaterThanOrEqual(SIX_HOURS);
        found.push(`${imo} ${new Date(last).toISOString()} open`);
      }
    }
    const expected = dark.map(
      (d) =>
        `${d.imo as string} ${d.started_at as string} ${(d.ended_at as string | null) ?? 'open'}`,
    );
    expect(found.sort()).toEqual(expected.sort());
    expect(found.length).toBeGreaterThan(0);
    expect(expected.some((e) => e.endsWith('open'))).toBe(true);
  });

  it('shows each spoofing episode of the window as a jump faster than 50 kn', () => {
    const aisStart = Date.parse(world.windows.aisStart);
    const inWindow = records(world, 'spoofing_alerts').filter(
      (s) => Date.parse(s.occurred_at as string) > aisStart,
    );
    expect(inWindow.length).toBeGreaterThan(0);
    for (const alert of inWindow) {
      const fixes = byImo.get(alert.imo as string) ?? [];
      const i = fixes.findIndex((p) => p.ts === alert.occurred_at);
      expect(i).toBeGreaterThan(0);
      const a = fixes[i - 1]!;
      const b = fixes[i]!;
      const nm = haversineNm(
        { lat: a.lat as number, lon: a.lon as number },
        { lat: b.lat as number, lon: b.lon as number },
      );
      const hours = (Date.parse(b.ts as string) - Date.parse(a.ts as string)) / 3_600_000;
      expect(nm / hours).toBeGreaterThan(50);
    }
  });

  it('produces the same fixes per vessel as in the full stream', () => {
    const imo = [...byImo.keys()][3]!;
    const own = [...world.vesselPositions(imo)];
    expect(own.map((r) => r[2])).toEqual(byImo.get(imo)!.map((p) => p.ts));
    expect([...world.vesselPositions('1234567')]).toEqual([]);
  });

  it('writes the same positions as COPY text', () => {
    const text = [...world.positionCopyChunks(1 << 16)].join('');
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength([...byImo.values()].reduce((n, l) => n + l.length, 0));
    const first = world.positions().next().value as readonly unknown[];
    expect(lines[0]).toBe(`${first.slice(0, 12).join('\t')}\t\\N`);
  });
});
