/**
 * Exact top-k scan over an L2-normalised Float32Array
 * (see docs/geo-scoring/similar-cells.md#search). Kept free of Nest and of the cell metadata so the
 * bench (bench/geo-similar) measures exactly the code the route runs.
 */

/** One kind of vector: `dims` floats per row, rows without the vector flagged absent. */
export interface VectorSpace {
  readonly dims: number;
  /** rows × dims, each present row of unit length. */
  readonly data: Float32Array;
  /** 1 when the row has the vector (non-zero profile, an embedding). */
  readonly present: Uint8Array;
}

/**
 * Dot product of row `row` with `query`, 4-way unrolled: four independent accumulators let the
 * CPU overlap the floating-point adds instead of waiting on one dependency chain.
 */
export function dotRow(data: Float32Array, row: number, query: Float32Array, dims: number): number {
  const base = row * dims;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < dims; j += 4) {
    s0 += data[base + j] * query[j];
    s1 += data[base + j + 1] * query[j + 1];
    s2 += data[base + j + 2] * query[j + 2];
    s3 += data[base + j + 3] * query[j + 3];
  }
  for (; j < dims; j++) s0 += data[base + j] * query[j];
  return s0 + s1 + s2 + s3;
}

/** dotRow for the 8-d score profile, fully unrolled (no inner loop per row). */
export function dotRow8(data: Float32Array, row: number, query: Float32Array): number {
  const b = row * 8;
  const s0 = data[b] * query[0] + data[b + 4] * query[4];
  const s1 = data[b + 1] * query[1] + data[b + 5] * query[5];
  const s2 = data[b + 2] * query[2] + data[b + 6] * query[6];
  const s3 = data[b + 3] * query[3] + data[b + 7] * query[7];
  return s0 + s1 + s2 + s3;
}

/**
 * Bounded min-heap of the k best (row, similarity) pairs. The root is the worst kept entry:
 * lower similarity, or equal similarity and a later h3_index (higher `rank`), so the final
 * order is similarity DESC then h3_index ASC whatever the scan order.
 */
export class TopK {
  private readonly sims: Float64Array;
  private readonly rows: Int32Array;
  private size = 0;

  constructor(
    private readonly k: number,
    /** Position of each row in ascending h3_index order (the tie-break). */
    private readonly rank: Int32Array,
  ) {
    this.sims = new Float64Array(k);
    this.rows = new Int32Array(k);
  }

  /** The similarity a candidate must reach to be considered (−∞ until the heap is full). */
  threshold(): number {
    return this.size < this.k ? -Infinity : this.sims[0];
  }

  offer(row: number, sim: number): void {
    if (this.size < this.k) {
      let i = this.size++;
      // Sift up: the new entry rises while it is worse than its parent.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(row, sim, this.rows[parent], this.sims[parent])) break;
        this.rows[i] = this.rows[parent];
        this.sims[i] = this.sims[parent];
        i = parent;
      }
      this.rows[i] = row;
      this.sims[i] = sim;
      return;
    }
    if (!this.worse(this.rows[0], this.sims[0], row, sim)) return;
    // Replace the root and sift down.
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      let child = left;
      const right = left + 1;
      if (
        right < n &&
        this.worse(this.rows[right], this.sims[right], this.rows[left], this.sims[left])
      )
        child = right;
      if (!this.worse(this.rows[child], this.sims[child], row, sim)) break;
      this.rows[i] = this.rows[child];
      this.sims[i] = this.sims[child];
      i = child;
    }
    this.rows[i] = row;
    this.sims[i] = sim;
  }

  /** Kept entries, best first. */
  sorted(): { row: number; similarity: number }[] {
    const out: { row: number; similarity: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ row: this.rows[i], similarity: this.sims[i] });
    return out.sort((a, b) => b.similarity - a.similarity || this.rank[a.row] - this.rank[b.row]);
  }

  private worse(rowA: number, simA: number, rowB: number, simB: number): boolean {
    return simA < simB || (simA === simB && this.rank[rowA] > this.rank[rowB]);
  }
}

/**
 * Similarities are ranked on the reported 4-decimal value, as integer ten-thousandths,
 * so "ties → h3_index ASC" holds for the values a client sees, not for invisible float noise.
 */
export const SIMILARITY_SCALE = 10_000;

/** The reported similarity: 4 decimals, the value ranking and ties are decided on. */
export function roundSimilarity(value: number): number {
  return Math.round(value * SIMILARITY_SCALE) / SIMILARITY_SCALE;
}

/** Smallest raw similarity that can round to `quantized` or more (cheap pre-filter). */
function lowerBound(quantized: number): number {
  return quantized === -Infinity ? -Infinity : (quantized - 0.5) / SIMILARITY_SCALE - 1e-9;
}

export interface ScanOptions {
  /** Rows [start, end) are scanned (one metro's slice, or all)... */
  start: number;
  end: number;
  /** ...or, when set, the rows listed at [start, end) of this array (prefiltered candidates). */
  rows?: Int32Array;
  /** The source row, never a result. */
  exclude: number;
  k: number;
  rank: Int32Array;
}

/**
 * Cosine top-k in one space; negative cosines count as 0
 * (see docs/geo-scoring/similar-cells.md#vectors-and-similarity). Similarities returned are
 * quantized (integer ten-thousandths); callers recompute the exact value of the k hits.
 */
export function scanSingle(
  space: VectorSpace,
  query: Float32Array,
  options: ScanOptions,
): { row: number; similarity: number }[] {
  const { data, present, dims } = space;
  const top = new TopK(options.k, options.rank);
  let threshold = -Infinity;
  const eight = dims === 8;
  const { rows } = options;
  for (let i = options.start; i < options.end; i++) {
    const row = rows ? rows[i] : i;
    if (present[row] === 0 || row === options.exclude) continue;
    let sim = eight ? dotRow8(data, row, query) : dotRow(data, row, query, dims);
    if (sim < 0) sim = 0;
    // Equal to the threshold may still win on h3_index, so only strictly lower is skipped.
    if (sim < threshold) continue;
    top.offer(row, Math.round(sim * SIMILARITY_SCALE));
    threshold = lowerBound(top.threshold());
  }
  return top.sorted();
}

/** Blend top-k: 1 − ((1 − cos_a) + (1 − cos_b)) / 2 over rows that have both vectors. */
export function scanBlend(
  a: VectorSpace,
  queryA: Float32Array,
  b: VectorSpace,
  queryB: Float32Array,
  options: ScanOptions,
): { row: number; similarity: number }[] {
  const top = new TopK(options.k, options.rank);
  let threshold = -Infinity;
  const { rows } = options;
  for (let i = options.start; i < options.end; i++) {
    const row = rows ? rows[i] : i;
    if (a.present[row] === 0 || b.present[row] === 0 || row === options.exclude) continue;
    let simA = dotRow(a.data, row, queryA, a.dims);
    if (simA < 0) simA = 0;
    let simB = dotRow(b.data, row, queryB, b.dims);
    if (simB < 0) simB = 0;
    const sim = 1 - (1 - simA + (1 - simB)) / 2;
    if (sim < threshold) continue;
    top.offer(row, Math.round(sim * SIMILARITY_SCALE));
    threshold = lowerBound(top.threshold());
  }
  return top.sorted();
}

/**
 * Normalises `values` (length dims) into `data` at `row`; returns false (and leaves the row
 * absent) for an all-zero or non-finite vector, which has no direction to compare.
 */
export function writeUnitRow(
  space: { data: Float32Array; present: Uint8Array; dims: number },
  row: number,
  values: ArrayLike<number>,
): boolean {
  let norm = 0;
  for (let j = 0; j < space.dims; j++) norm += values[j] * values[j];
  norm = Math.sqrt(norm);
  if (!(norm > 0) || !Number.isFinite(norm)) return false;
  const base = row * space.dims;
  for (let j = 0; j < space.dims; j++) space.data[base + j] = values[j] / norm;
  space.present[row] = 1;
  return true;
}
