import {
  conditionalPermutation,
  localMoran,
  quadrantOf,
  type LocalMoranResult,
} from './local-moran';
import { metroRng, type Xoshiro128StarStar } from './prng';
import { parseDesmith } from './desmith.fixture';

/*
 * Reference: PySAL esda, esda/moran.py, class Moran_Local (transformation='r'):
 *   z = y - y.mean(); sy = y.std(); z /= sy          # numpy std: population σ (ddof=0)
 *   self.den = (z * z).sum()
 *   self.Is = self.calc(self.w, self.z)
 *   def calc(self, w, z): zl = slag(w, z); return self.n_1 * self.z * zl / self.den   # n_1 = n - 1
 * and p_sim: larger = (sim >= Is).sum(); low_extreme = (R - larger) < larger;
 *   larger[low_extreme] = R - larger[low_extreme]; p_sim = (larger + 1) / (R + 1).
 * Since z is standardised, Σz² = n, and with deviations d = y − ȳ the formula reduces to
 *   Iᵢ = (n − 1)·dᵢ·lag(d)ᵢ / Σd²   (scale-free), which is what the hand arithmetic below uses.
 */

// 3×3 grid, rook contiguity, cells numbered row by row:
//   0 1 2
//   3 4 5
//   6 7 8
const ROOK_3X3 = [
  [1, 3],
  [0, 2, 4],
  [1, 5],
  [0, 4, 6],
  [1, 3, 5, 7],
  [2, 4, 8],
  [3, 7],
  [4, 6, 8],
  [5, 7],
];

describe('localMoran (esda Moran_Local, row-standardised)', () => {
  it('gradient fixture: HH/LL corners, hand-checked z, lag and I', () => {
    // y = 10 + d, d = [4, 2, 0, 2, 0, -2, 0, -2, -4]: ȳ = 10, Σd² = 16+4+4+4+4+16 = 48,
    // σ = √(48/9) = 4/√3, so z = d·√3/4 and Iᵢ = 8·dᵢ·lag(d)ᵢ / 48 = dᵢ·lag(d)ᵢ / 6.
    // lag(d): 0:(2+2)/2=2  1:(4+0+0)/3=4/3  2:(2-2)/2=0  3:(4+0+0)/3=4/3  4:(2+2-2-2)/4=0
    //         5:(0+0-4)/3=-4/3  6:(2-2)/2=0  7:(0+0-4)/3=-4/3  8:(-2-2)/2=-2
    // I: 0: 4·2/6=4/3  1: 2·(4/3)/6=4/9  2: 0  3: 4/9  4: 0  5: (-2)(-4/3)/6=4/9  6: 0  7: 4/9  8: 4/3
    // Check I₀ with esda's own terms: z₀=√3, lag₀=√3/2, Σz²=9 → 8·(3/2)/9 = 4/3.
    const d = [4, 2, 0, 2, 0, -2, 0, -2, -4];
    const result = localMoran(
      d.map((v) => 10 + v),
      ROOK_3X3,
    );
    const s = Math.sqrt(3) / 4;
    const lagD = [2, 4 / 3, 0, 4 / 3, 0, -4 / 3, 0, -4 / 3, -2];
    d.forEach((v, i) => expect(result.z[i]).toBeCloseTo(v * s, 12));
    lagD.forEach((v, i) => expect(result.lag[i]).toBeCloseTo(v * s, 12));
    const expectedI = [4 / 3, 4 / 9, 0, 4 / 9, 0, 4 / 9, 0, 4 / 9, 4 / 3];
    expectedI.forEach((v, i) => expect(result.I[i]).toBeCloseTo(v, 12));
    expect(result.sumZ2).toBeCloseTo(9, 12);
    // z = 0 and lag = 0 count as low (cells 2, 4, 6).
    expect(result.quadrant).toEqual(['HH', 'HH', 'LL', 'HH', 'LL', 'LL', 'LL', 'LL', 'LL']);
    expect(Array.from(result.neighbourCount)).toEqual([2, 3, 2, 3, 4, 3, 2, 3, 2]);
  });

  it('centre-outlier fixture: LL corners, LH edges, HL centre', () => {
    // y = [0,0,0,0,9,0,0,0,0]: ȳ = 1, d = [-1 ×4, 8, -1 ×4], Σd² = 8+64 = 72, σ = 2√2,
    // Iᵢ = 8·dᵢ·lag(d)ᵢ / 72 = dᵢ·lag(d)ᵢ / 9.
    // corner (2 edge nbrs): lag(d) = -1 → I = 1/9, z = lag = -1/(2√2)            → LL
    // edge (2 corners + centre): lag(d) = (-1-1+8)/3 = 2 → I = -2/9, lag = 1/√2  → LH
    // centre (4 edges): lag(d) = -1 → I = 8·(-1)/9 = -8/9, z = 2√2, lag = -1/(2√2) → HL
    const result = localMoran([0, 0, 0, 0, 9, 0, 0, 0, 0], ROOK_3X3);
    for (const corner of [0, 2, 6, 8]) {
      expect(result.I[corner]).toBeCloseTo(1 / 9, 12);
      expect(result.z[corner]).toBeCloseTo(-1 / (2 * Math.SQRT2), 12);
      expect(result.quadrant[corner]).toBe('LL');
    }
    for (const edge of [1, 3, 5, 7]) {
      expect(result.I[edge]).toBeCloseTo(-2 / 9, 12);
      expect(result.lag[edge]).toBeCloseTo(1 / Math.SQRT2, 12);
      expect(result.quadrant[edge]).toBe('LH');
    }
    expect(result.I[4]).toBeCloseTo(-8 / 9, 12);
    expect(result.z[4]).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(result.lag[4]).toBeCloseTo(-1 / (2 * Math.SQRT2), 12);
    expect(result.quadrant[4]).toBe('HL');
  });

  it('an island stays in n and z with lag 0 and I 0', () => {
    // y = [1, 2, 3, 10], path 0-1-2, cell 3 isolated: ȳ = 4, d = [-3, -2, -1, 6], Σd² = 50,
    // n − 1 = 3 → Iᵢ = 3·dᵢ·lag(d)ᵢ/50: 0: 3·(-3)(-2)/50 = 0.36; 1: 3·(-2)·((-3-1)/2)/50 = 0.24;
    // 2: 3·(-1)(-2)/50 = 0.12; 3: island → 0. σ = √(50/4), so z₃ = 6/√12.5 (island counted).
    const result = localMoran([1, 2, 3, 10], [[1], [0, 2], [1], []]);
    expect(Array.from(result.I).map((v) => Number(v.toFixed(12)))).toEqual([0.36, 0.24, 0.12, 0]);
    expect(result.z[3]).toBeCloseTo(6 / Math.sqrt(12.5), 12);
    expect(result.lag[3]).toBe(0);
    expect(result.quadrant[3]).toBe('HL');
  });

  it('a constant field gives z = 0 and I = 0 instead of NaN', () => {
    const result = localMoran([5, 5, 5], [[1], [0, 2], [1]]);
    expect(Array.from(result.I)).toEqual([0, 0, 0]);
    expect(result.sumZ2).toBe(0);
  });

  it('rejects malformed neighbour lists', () => {
    expect(() => localMoran([1, 2], [[1]])).toThrow(RangeError);
    expect(() => localMoran([1, 2], [[0], [0]])).toThrow(RangeError);
    expect(() => localMoran([1, 2, 3], [[1, 1], [0], [1]])).toThrow(RangeError);
    expect(() => localMoran([1, 2], [[2], [0]])).toThrow(RangeError);
    expect(() => localMoran([1, Number.NaN], [[1], [0]])).toThrow(RangeError);
  });

  it('quadrantOf follows the esda rule with 0 counted as low', () => {
    expect([quadrantOf(1, 1), quadrantOf(0, 1), quadrantOf(0, 0), quadrantOf(1, 0)]).toEqual([
      'HH',
      'LH',
      'LL',
      'HL',
    ]);
    expect([quadrantOf(-1, 1), quadrantOf(-1, -1), quadrantOf(1, -1)]).toEqual(['LH', 'LL', 'HL']);
  });
});

/*
 * Published reference: pysal/pysal @ a69c3667f77fb137dd67fcdcabd428eb6451bf2b,
 * pysal/esda/moran.py, class Moran_Local docstring (and __TestMoran.test_local, which asserts
 * "%6.4f" % Is[2] == "-0.1335" and the same q):
 *   >>> w=pysal.open("../examples/desmith.gal").read()
 *   >>> w.id_order=range(w.n)
 *   >>> f=pysal.open("../examples/desmith.txt")
 *   >>> y=np.array(f.by_col['z'])
 *   >>> lm=Moran_Local(y,w,transformation="W",permutations=0)
 *   >>> lm.q
 *   array([4, 4, 4, 2, 3, 3, 1, 4, 3, 3])
 *   >>> lm.Is
 *   array([-0.11409277, -0.19940543, -0.13351408, -0.51770383,  0.48095009,
 *           0.12208113,  1.19148298, -0.58144305,  0.07101383,  0.34314301])
 * The same file shows that version's formula, identical to ours, so no conversion is applied:
 *   z=y-y.mean(); z/=y.std(); self.den=sum(z*z)
 *   __calc: zl=slag(z,self.w); return (len(zl)-1)*self.z*zl/self.den     # n - 1, not n
 *   __quads: q = 1 (z>0, zl>0), 2 (z<=0, zl>0), 3 (z<=0, zl<=0), 4 (z>0, zl<=0)
 * and pysal/weights/weights.py at the same commit defines transform "W" as row-standardisation
 * (weights[i] = [wij/row_sum ...]). Newer esda tests (esda/tests/test_moran.py, TestMoranLocal)
 * run desmith with transformation="r" but assert only seeded-permutation z_sim/p_z_sim and
 * analytical EI/VI moments, not Is or q, so they offer nothing further to check here.
 */
describe('localMoran against the published PySAL desmith example', () => {
  const PUBLISHED_IS = [
    -0.11409277, -0.19940543, -0.13351408, -0.51770383, 0.48095009, 0.12208113, 1.19148298,
    -0.58144305, 0.07101383, 0.34314301,
  ];
  const PUBLISHED_Q = [4, 4, 4, 2, 3, 3, 1, 4, 3, 3];
  const ESDA_QUADRANT: Record<number, string> = { 1: 'HH', 2: 'LH', 3: 'LL', 4: 'HL' };

  const desmith = parseDesmith();
  const result = localMoran(desmith.z, desmith.neighbours);

  it('reads the example files as published (10 values, symmetric contiguity)', () => {
    expect(desmith.ids).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(desmith.z).toEqual([2.24, 3.1, 4.55, -5.15, -4.39, 0.46, 5.54, 9.02, -2.09, -3.06]);
    expect(desmith.neighbours).toEqual([
      [1, 3],
      [0, 4],
      [3, 6],
      [0, 2, 4, 7],
      [1, 3, 5, 8],
      [4, 9],
      [2, 7],
      [3, 6, 8],
      [4, 7, 9],
      [5, 8],
    ]);
    desmith.neighbours.forEach((row, i) =>
      row.forEach((j) => expect(desmith.neighbours[j]).toContain(i)),
    );
  });

  it('reproduces lm.Is to the 8 printed decimals', () => {
    // toBeCloseTo(v, 8) means |ours − published| < 5e-9: the docstring is ours rounded.
    PUBLISHED_IS.forEach((v, i) => expect(result.I[i]).toBeCloseTo(v, 8));
    expect(result.sumZ2).toBeCloseTo(10, 12);
  });

  it('reproduces lm.q (esda codes 1 HH, 2 LH, 3 LL, 4 HL)', () => {
    expect(result.quadrant).toEqual(PUBLISHED_Q.map((code) => ESDA_QUADRANT[code]));
  });
});

/** The documented stream, done the slow obvious way: a fresh candidate list per permutation. */
function naivePermutation(
  m: LocalMoranResult,
  rng: Xoshiro128StarStar,
  R: number,
): (number | null)[] {
  const { n, z, I, neighbourCount, sumZ2 } = m;
  return Array.from({ length: n }, (_, i) => {
    const k = neighbourCount[i];
    if (k === 0) return null;
    const candidates = Array.from({ length: n }, (__, j) => (j === i ? n - 1 : j)).slice(0, n - 1);
    let atLeast = 0;
    for (let r = 0; r < R; r++) {
      const list = [...candidates];
      let s = 0;
      for (let t = 0; t < k; t++) {
        const j = t + rng.nextBelow(n - 1 - t);
        [list[t], list[j]] = [list[j], list[t]];
        s += z[list[t]];
      }
      if (((n - 1) * z[i] * (s / k)) / sumZ2 >= I[i]) atLeast++;
    }
    return (Math.min(atLeast, R - atLeast) + 1) / (R + 1);
  });
}

/** 10×10 queen grid with y = row + col: a strong diagonal gradient. */
function gradientGrid(): { y: number[]; neighbours: number[][] } {
  const y: number[] = [];
  const neighbours: number[][] = [];
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      y.push(r + c);
      const row: number[] = [];
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if ((dr !== 0 || dc !== 0) && rr >= 0 && rr < 10 && cc >= 0 && cc < 10)
            row.push(rr * 10 + cc);
        }
      }
      neighbours.push(row);
    }
  }
  return { y, neighbours };
}

describe('conditionalPermutation', () => {
  const grid = gradientGrid();
  const moran = localMoran(grid.y, grid.neighbours);

  it('matches the documented stream computed the naive way (undo-swap pool is exact)', () => {
    const withIsland = localMoran([1, 2, 3, 10, 4, 7], [[1], [0, 2], [1, 4], [], [2, 5], [4]]);
    for (const m of [moran, withIsland]) {
      const fast = conditionalPermutation(m, metroRng(7, 'atx'), 199);
      expect(fast).toEqual(naivePermutation(m, metroRng(7, 'atx'), 199));
    }
  });

  it('is deterministic for a fixed seed and changes with the seed', () => {
    const a = conditionalPermutation(moran, metroRng(20240601, 'atx'), 999);
    const b = conditionalPermutation(moran, metroRng(20240601, 'atx'), 999);
    const c = conditionalPermutation(moran, metroRng(20240602, 'atx'), 999);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('keeps p in [1/(R+1), (⌊R/2⌋+1)/(R+1)] and gives the cluster corners small p', () => {
    const R = 999;
    const p = conditionalPermutation(moran, metroRng(20240601, 'atx'), R) as number[];
    expect(p.every((v) => v >= 1 / (R + 1) && v <= (Math.floor(R / 2) + 1) / (R + 1))).toBe(true);
    // Corners (0,0) and (9,9) are the most extreme cells surrounded by extremes: HH/LL clusters.
    for (const corner of [0, 99]) expect(p[corner]).toBeLessThanOrEqual(0.01);
    expect(moran.quadrant[0]).toBe('LL');
    expect(moran.quadrant[99]).toBe('HH');
    // Cells on r + c = 10 sit just above the mean (ȳ = 9): little evidence of clustering.
    const nearMean = [19, 28, 37, 46, 55, 64, 73, 82, 91].map((i) => p[i]);
    expect(Math.min(...nearMean)).toBeGreaterThan(0.05);
  });

  it('follows esda when zᵢ = 0 exactly: every I_r = 0 ≥ Iᵢ, G = R, folded to p = 1/(R+1)', () => {
    // r + c = 9 equals ȳ, so z = 0 there. esda's p_sim has the same (surprising) result.
    const p = conditionalPermutation(moran, metroRng(20240601, 'atx'), 99);
    expect(moran.z[45]).toBe(0);
    expect(p[45]).toBe(1 / 100);
  });

  it('approximates the exact conditional distribution (k = 1, uniform over the other cells)', () => {
    // Cell 0 (y = 10) has the single neighbour 1 (y = 4). A draw is one of cells 1..4, uniformly;
    // I_r ≥ I₀ iff y_j ≥ 4, i.e. only j = 1 → G/R → 1/4, so p → 0.25.
    const m = localMoran([10, 4, 1, 2, 3], [[1], [0], [3], [2, 4], [3]]);
    const p = conditionalPermutation(m, metroRng(20240601, 'atx'), 9999);
    expect(p[0]).toBeGreaterThan(0.23);
    expect(p[0]).toBeLessThan(0.27);
  });

  it('gives islands and a constant field no p-value', () => {
    const m = localMoran([1, 2, 3, 10], [[1], [0, 2], [1], []]);
    const p = conditionalPermutation(m, metroRng(1, 'atx'), 99);
    expect(p[3]).toBeNull();
    expect(p.slice(0, 3).every((v) => typeof v === 'number')).toBe(true);
    const flat = localMoran([5, 5, 5], [[1], [0, 2], [1]]);
    expect(conditionalPermutation(flat, metroRng(1, 'atx'), 99)).toEqual([null, null, null]);
  });

  it('rejects a non-positive permutation count', () => {
    expect(() => conditionalPermutation(moran, metroRng(1, 'atx'), 0)).toThrow(RangeError);
  });
});
