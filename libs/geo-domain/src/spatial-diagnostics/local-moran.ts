// Local Moran's I with row-standardised contiguity weights and its conditional permutation test
// (see docs/geo-scoring/spatial-diagnostics.md). Formulas follow PySAL esda
// `Moran_Local(y, w, transformation='r')`:
//   z = (y - y.mean()) / y.std()          (population σ, numpy ddof=0)
//   den = (z * z).sum();  Is = n_1 * z * slag(w, z) / den   with n_1 = n - 1
// and its folded pseudo p-value p_sim = (min(G, R - G) + 1) / (R + 1).
import type { Xoshiro128StarStar } from './prng';

/** esda quadrant rule; a value of exactly 0 counts as low. */
export type Quadrant = 'HH' | 'LH' | 'LL' | 'HL';

export interface LocalMoranResult {
  readonly n: number;
  /** Standardised values (population σ). All 0 when every y is equal. */
  readonly z: Float64Array;
  /** Spatial lag Σⱼ wᵢⱼ zⱼ with wᵢⱼ = 1/kᵢ; 0 for islands (kᵢ = 0). */
  readonly lag: Float64Array;
  /** Local Moran's Iᵢ = (n − 1)·zᵢ·lagᵢ / Σz². */
  readonly I: Float64Array;
  readonly quadrant: Quadrant[];
  /** kᵢ, the number of neighbours. */
  readonly neighbourCount: Int32Array;
  /** Σz² (= n unless y is constant, then 0). */
  readonly sumZ2: number;
}

export const DEFAULT_PERMUTATIONS = 999;

export function quadrantOf(z: number, lag: number): Quadrant {
  if (z > 0) return lag > 0 ? 'HH' : 'HL';
  return lag > 0 ? 'LH' : 'LL';
}

/** Rejects neighbour lists that would silently corrupt the weights (self-loops, repeats, range). */
function validateNeighbours(n: number, neighbours: readonly (readonly number[])[]): void {
  if (neighbours.length !== n) {
    throw new RangeError(`neighbours has ${neighbours.length} rows for ${n} values`);
  }
  const seenBy = new Int32Array(n).fill(-1);
  neighbours.forEach((row, i) => {
    for (const j of row) {
      if (!Number.isInteger(j) || j < 0 || j >= n || j === i || seenBy[j] === i) {
        throw new RangeError(`invalid neighbour ${j} for cell ${i}`);
      }
      seenBy[j] = i;
    }
  });
}

/**
 * Local Moran's I for values `y` and neighbour index lists (row-standardised weights).
 * Islands (empty rows) stay in n and in the mean/σ of z, with lag 0 and I 0 (esda island_weight 0).
 */
export function localMoran(
  y: readonly number[],
  neighbours: readonly (readonly number[])[],
): LocalMoranResult {
  const n = y.length;
  validateNeighbours(n, neighbours);
  if (y.some((value) => !Number.isFinite(value))) {
    throw new RangeError('localMoran values must be finite numbers');
  }

  let sum = 0;
  for (const value of y) sum += value;
  const mean = n > 0 ? sum / n : 0;
  let squares = 0;
  for (const value of y) squares += (value - mean) * (value - mean);
  const sigma = n > 0 ? Math.sqrt(squares / n) : 0;

  const z = new Float64Array(n);
  // Constant y: esda would produce NaN (0/0); we keep z = 0, so I = 0 and no inference is made.
  if (sigma > 0) for (let i = 0; i < n; i++) z[i] = (y[i] - mean) / sigma;
  let sumZ2 = 0;
  for (let i = 0; i < n; i++) sumZ2 += z[i] * z[i];

  const lag = new Float64Array(n);
  const I = new Float64Array(n);
  const neighbourCount = new Int32Array(n);
  const quadrant: Quadrant[] = new Array<Quadrant>(n);
  const n1 = n - 1;
  for (let i = 0; i < n; i++) {
    const row = neighbours[i];
    const k = row.length;
    neighbourCount[i] = k;
    if (k > 0) {
      let s = 0;
      for (const j of row) s += z[j];
      lag[i] = s / k;
    }
    // Same operation order as in conditionalPermutation, so an identical draw ties exactly.
    I[i] = sumZ2 > 0 ? (n1 * z[i] * lag[i]) / sumZ2 : 0;
    quadrant[i] = quadrantOf(z[i], lag[i]);
  }
  return { n, z, lag, I, quadrant, neighbourCount, sumZ2 };
}

/**
 * Conditional permutation pseudo p-values (esda p_sim semantics, not doubled).
 *
 * Stream definition (so another implementation can reproduce it): cells are visited in array
 * order (callers sort by ascending h3 index); islands and a constant field (Σz² = 0) draw
 * nothing and get null. For cell i with k neighbours, the candidate list is 0..n−1 with i
 * replaced by n−1 and the last slot dropped; each of the R permutations runs k steps of a
 * partial Fisher–Yates on a fresh copy of that list: for t = 0..k−1,
 * j = t + rng.nextBelow(n − 1 − t), swap(t, j), take slot t. Then
 * I_r = (n − 1)·zᵢ·(Σ taken z / k) / Σz², G = #{I_r ≥ Iᵢ}, M = min(G, R − G),
 * p = (M + 1)/(R + 1).
 *
 * Cost is n·R·k̄ draws; the "fresh copy" is an in-place pool whose k swaps are undone
 * after each permutation, so no per-permutation allocation or O(n) reset happens.
 */
export function conditionalPermutation(
  moran: LocalMoranResult,
  rng: Xoshiro128StarStar,
  permutations: number = DEFAULT_PERMUTATIONS,
): (number | null)[] {
  if (!Number.isInteger(permutations) || permutations < 1) {
    throw new RangeError('permutations must be a positive integer');
  }
  const { n, z, I, neighbourCount, sumZ2 } = moran;
  const pValues: (number | null)[] = new Array<number | null>(n).fill(null);
  if (sumZ2 === 0 || n < 2) return pValues;

  const pool = new Int32Array(n);
  for (let j = 0; j < n; j++) pool[j] = j;
  let maxK = 0;
  for (let i = 0; i < n; i++) maxK = Math.max(maxK, neighbourCount[i]);
  const swappedWith = new Int32Array(maxK);
  const last = n - 1;
  const n1 = n - 1;

  for (let i = 0; i < n; i++) {
    const k = neighbourCount[i];
    if (k === 0) continue;
    // Move i out of the candidate range [0, n − 2].
    pool[i] = last;
    pool[last] = i;
    const a = n1 * z[i];
    const observed = I[i];
    let atLeast = 0;
    for (let r = 0; r < permutations; r++) {
      let s = 0;
      for (let t = 0; t < k; t++) {
        const j = t + rng.nextBelow(n1 - t);
        const picked = pool[j];
        pool[j] = pool[t];
        pool[t] = picked;
        swappedWith[t] = j;
        s += z[picked];
      }
      // Undo the swaps in reverse so the next permutation starts from the canonical list.
      for (let t = k - 1; t >= 0; t--) {
        const j = swappedWith[t];
        const held = pool[t];
        pool[t] = pool[j];
        pool[j] = held;
      }
      if ((a * (s / k)) / sumZ2 >= observed) atLeast++;
    }
    pool[i] = i;
    pool[last] = last;
    const folded = Math.min(atLeast, permutations - atLeast);
    pValues[i] = (folded + 1) / (permutations + 1);
  }
  return pValues;
}
