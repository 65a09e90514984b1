import { gridDisk, gridDistance, gridRing, latLngToCell } from 'h3-js';
import { benjaminiHochberg } from './benjamini-hochberg';
import { localMoran } from './local-moran';
import { computeSpatialDiagnostics, type SpatialDiagnosticsCell } from './spatial-diagnostics';

const CENTRE = latLngToCell(30.2672, -97.7431, 8); // downtown Austin, res 8
const SEED = 20240601;

/** gridDisk(CENTRE, 2): centre 10 (confidence 0.5), ring 1 at 80, ring 2 at 50. */
function donutNeighbourhood(): SpatialDiagnosticsCell[] {
  return gridDisk(CENTRE, 2).map((h3Index) => {
    const ring = gridDistance(CENTRE, h3Index);
    const composite = ring === 0 ? 10 : ring === 1 ? 80 : 50;
    return { h3Index, composite, confidence: ring === 0 ? 0.5 : 1 };
  });
}

describe('computeSpatialDiagnostics on a real H3 neighbourhood', () => {
  const cells = donutNeighbourhood();
  const rows = computeSpatialDiagnostics({
    metroSlug: 'atx',
    cells,
    seed: SEED,
    permutations: 999,
  });
  const byIndex = new Map(rows.map((row) => [row.h3_index, row]));
  const ring1 = new Set(gridRing(CENTRE, 1));

  it('returns one row per cell in ascending h3 order', () => {
    expect(rows).toHaveLength(19);
    const order = rows.map((row) => row.h3_index);
    expect(order).toEqual([...order].sort());
  });

  it('counts scored neighbours: 6 for interior cells, 3 or 4 on the outer ring', () => {
    expect(byIndex.get(CENTRE)!.neighbors).toBe(6);
    for (const h of ring1) expect(byIndex.get(h)!.neighbors).toBe(6);
    const outer = rows.filter((row) => gridDistance(CENTRE, row.h3_index) === 2);
    expect(outer.map((row) => row.neighbors).sort()).toEqual([3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4]);
  });

  it('matches the esda formula for the centre: I = (n−1)·d_c·lag(d)_c / Σd²', () => {
    // n = 19, ȳ = (10 + 6·80 + 12·50)/19 = 1090/19; the centre's six neighbours are all 80.
    const mean = 1090 / 19;
    const sumD2 = (10 - mean) ** 2 + 6 * (80 - mean) ** 2 + 12 * (50 - mean) ** 2;
    const expected = (18 * (10 - mean) * (80 - mean)) / sumD2;
    const centre = byIndex.get(CENTRE)!;
    expect(centre.local_moran).toBeCloseTo(expected, 6);
    expect(centre.local_moran).toBe(Number(centre.local_moran.toFixed(6)));
    expect(centre.quadrant).toBe('LH');
  });

  it('agrees with localMoran on the same neighbour lists for every cell', () => {
    const sorted = [...cells].sort((a, b) => (a.h3Index < b.h3Index ? -1 : 1));
    const position = new Map(sorted.map((cell, i) => [cell.h3Index, i]));
    const neighbours = sorted.map((cell) =>
      gridDisk(cell.h3Index, 1)
        .filter((h) => h !== cell.h3Index && position.has(h))
        .map((h) => position.get(h)!),
    );
    const moran = localMoran(
      sorted.map((cell) => cell.composite),
      neighbours,
    );
    rows.forEach((row, i) => {
      expect(row.local_moran).toBeCloseTo(moran.I[i], 6);
      expect(row.z).toBeCloseTo(moran.z[i], 6);
      expect(row.spatial_lag).toBeCloseTo(moran.lag[i], 6);
      expect(row.quadrant).toBe(moran.quadrant[i]);
    });
  });

  it('labels the hollow centre TDA_DONUT with its persistence; ring cells report a negative one', () => {
    // Median of [10, 50 ×12, 80 ×6] is 50: 10 < 50 ≤ ring_min 80, persistence 80 − 10 = 70.
    const centre = byIndex.get(CENTRE)!;
    expect(centre.cluster_type).toBe('TDA_DONUT');
    expect(centre.persistence).toBe(70);
    // A ring-1 cell's ring is complete (centre, 2 ring-1, 3 ring-2): min(10, 80, 50) − 80 = −70.
    for (const h of ring1) expect(byIndex.get(h)!.persistence).toBe(-70);
    const outer = rows.filter((row) => gridDistance(CENTRE, row.h3_index) === 2);
    expect(outer.every((row) => row.persistence === null && row.cluster_type !== 'TDA_DONUT')).toBe(
      true,
    );
  });

  it('shrinks low-confidence cells toward their neighbours', () => {
    // Centre: 0.5·10 + 0.5·mean(80 ×6) = 45; confidence-1 cells keep their composite.
    expect(byIndex.get(CENTRE)!.experimental_composite).toBe(45);
    expect(byIndex.get(CENTRE)!.score_baseline).toBe(10);
    for (const h of ring1) expect(byIndex.get(h)!.experimental_composite).toBe(80);
  });

  it('uses quadrant labels only for p ≤ 0.05 and BH q over the tested cells', () => {
    for (const row of rows) {
      expect(row.p_value).not.toBeNull();
      if (row.cluster_type !== null && row.cluster_type !== 'TDA_DONUT') {
        expect(row.cluster_type).toBe(row.quadrant);
        expect(row.p_value!).toBeLessThanOrEqual(0.05);
      }
      if (row.cluster_type === null) expect(row.p_value!).toBeGreaterThan(0.05);
    }
    expect(rows.map((row) => row.q_value)).toEqual(
      benjaminiHochberg(rows.map((row) => row.p_value!)),
    );
  });

  it('does not depend on the input order', () => {
    const reversed = computeSpatialDiagnostics({
      metroSlug: 'atx',
      cells: [...cells].reverse(),
      seed: SEED,
      permutations: 999,
    });
    expect(reversed).toEqual(rows);
  });
});

describe('computeSpatialDiagnostics edge cases', () => {
  it('gives an island no p, q or cluster_type, lag 0 and I 0, and keeps it out of BH', () => {
    const far = latLngToCell(30.6, -97.3, 8);
    const cells = [...donutNeighbourhood(), { h3Index: far, composite: 60, confidence: 0.2 }];
    const rows = computeSpatialDiagnostics({
      metroSlug: 'atx',
      cells,
      seed: SEED,
      permutations: 199,
    });
    const island = rows.find((row) => row.h3_index === far)!;
    expect(island).toMatchObject({
      neighbors: 0,
      spatial_lag: 0,
      local_moran: 0,
      p_value: null,
      q_value: null,
      cluster_type: null,
      persistence: null,
      experimental_composite: 60,
    });
    const tested = rows.filter((row) => row.p_value !== null);
    expect(tested).toHaveLength(19);
    expect(tested.map((row) => row.q_value)).toEqual(
      benjaminiHochberg(tested.map((row) => row.p_value!)),
    );
  });

  it('returns nothing for no cells and rejects duplicates and bad inputs', () => {
    expect(computeSpatialDiagnostics({ metroSlug: 'atx', cells: [], seed: SEED })).toEqual([]);
    const cell = { h3Index: CENTRE, composite: 50, confidence: 1 };
    const run = (cells: SpatialDiagnosticsCell[]) => () =>
      computeSpatialDiagnostics({ metroSlug: 'atx', cells, seed: SEED });
    expect(run([cell, cell])).toThrow(RangeError);
    expect(run([{ ...cell, composite: Number.NaN }])).toThrow(RangeError);
    expect(run([{ ...cell, confidence: 1.5 }])).toThrow(RangeError);
  });
});

describe('computeSpatialDiagnostics at metro scale', () => {
  it('handles a ~15k-cell metro with R = 999 (n·R·k̄ ≈ 9×10⁷ draws)', () => {
    // Radius 70: 1 + 3·70·71 = 14,911 cells. Composite: a downtown bump plus deterministic noise.
    const disk = gridDisk(CENTRE, 70);
    const cells = disk.map((h3Index, i) => {
      const bump = 90 * Math.exp(-gridDistance(CENTRE, h3Index) / 15);
      const noise = ((i * 2654435761) % 1000) / 100; // 0..9.99, no PRNG coupling
      return { h3Index, composite: Math.round((bump + noise) * 100) / 100, confidence: 0.8 };
    });
    const rows = computeSpatialDiagnostics({
      metroSlug: 'atx',
      cells,
      seed: SEED,
      permutations: 999,
    });

    expect(rows).toHaveLength(14911);
    const interior = rows.filter((row) => row.neighbors === 6);
    expect(interior).toHaveLength(1 + 3 * 69 * 70);
    const boundary = rows.filter((row) => row.neighbors !== 6);
    expect(boundary.every((row) => row.neighbors === 3 || row.neighbors === 4)).toBe(true);
    expect(rows.every((row) => row.p_value! >= 1 / 1000 && row.p_value! <= 0.5)).toBe(true);
    // The downtown core is a textbook HH cluster.
    const centre = rows.find((row) => row.h3_index === CENTRE)!;
    expect(centre.quadrant).toBe('HH');
    expect(centre.p_value).toBe(1 / 1000);
    expect(centre.cluster_type).toBe('HH');
  }, 60_000);
});
