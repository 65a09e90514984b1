import { dotRow8, SIMILARITY_SCALE, type VectorSpace } from '../top-k';
import type { QuantizedSpace } from './quantized-space';

/**
 * The rows that can still be in the exact top-k, from the int8 estimates (quantized-space.ts).
 *
 * Each row's exact similarity lies in [lo, hi] (estimate ± radius, clamped at 0 like the
 * similarity itself). The k-th largest lo, T, is a floor for the k-th best exact similarity, so
 * a row with hi < T − 1/SIMILARITY_SCALE rounds to a smaller reported value than k rows do and
 * cannot be ranked in, whatever its h3_index. Everything else is a candidate; the caller ranks
 * the candidates with the exact scan, so the answer is the one a full exact scan gives.
 */
export interface CandidateRows {
  /** Candidate row numbers, ascending, in [0, count). */
  rows: Int32Array;
  count: number;
}

const QUANTUM = 1 / SIMILARITY_SCALE;

export function satelliteCandidates(
  quantized: QuantizedSpace,
  query: Float32Array,
  range: { start: number; end: number; exclude: number; k: number },
): CandidateRows {
  const radius = quantized.estimate(query, range.start, range.end);
  const centers = quantized.centers;
  const kth = new KthLargest(range.k);
  const out = new RowList();
  const { start, end, exclude } = range;
  // Locals only in the hot loop (1M iterations): no closure or property reads per row.
  let cut = -Infinity;
  for (let row = start; row < end; row++) {
    const center = centers[row];
    // NaN (a row without an embedding) fails this comparison too.
    if (!(center >= cut) || row === exclude) continue;
    out.push(row, center);
    if (kth.offer(center)) {
      // T = max(0, kth c − radius); a row goes when max(0, c + radius) < T − QUANTUM, which
      // needs T > QUANTUM (else a similarity clamped to 0 can still tie and win on h3_index)
      // and then reads c < T − radius − QUANTUM on the estimate itself.
      const floor = kth.min() - radius;
      cut = floor > QUANTUM ? floor - radius - QUANTUM : -Infinity;
    }
  }
  return out.keep(cut);
}

/** Blend similarity (a + b) / 2 over rows with both vectors: a exact (8-d), b estimated. */
export function blendCandidates(
  quantized: QuantizedSpace,
  query: Float32Array,
  score: VectorSpace,
  scoreQuery: Float32Array,
  range: { start: number; end: number; exclude: number; k: number },
): CandidateRows {
  if (score.dims !== 8) throw new RangeError('blendCandidates expects the 8-d score space');
  const radius = quantized.estimate(query, range.start, range.end);
  const centers = quantized.centers;
  const kth = new KthLargest(range.k);
  const out = new RowList();
  const { start, end, exclude } = range;
  const { present, data } = score;
  let cut = -Infinity;
  for (let row = start; row < end; row++) {
    let hiB = centers[row] + radius;
    if (hiB < 0) hiB = 0;
    // a ≤ 1, so (1 + hiB) / 2 bounds the blend before paying for the 8-d dot product.
    if (!((1 + hiB) / 2 >= cut) || row === exclude || present[row] === 0) continue;
    let a = dotRow8(data, row, scoreQuery);
    if (a < 0) a = 0;
    const hi = (a + hiB) / 2;
    if (!(hi >= cut)) continue;
    let loB = centers[row] - radius;
    if (loB < 0) loB = 0;
    out.push(row, hi);
    if (kth.offer((a + loB) / 2)) cut = kth.min() - QUANTUM;
  }
  return out.keep(cut);
}

/** The k largest values offered so far, as a min-heap; min() is the k-th largest. */
class KthLargest {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.heap = new Float64Array(k);
  }

  min(): number {
    return this.size < this.k ? -Infinity : this.heap[0];
  }

  /** Offers a value; true when the k-th largest changed (only once k values are held). */
  offer(value: number): boolean {
    const heap = this.heap;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent] <= value) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = value;
      return this.size === this.k;
    }
    if (value <= heap[0]) return false;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.k) break;
      const right = left + 1;
      const child = right < this.k && heap[right] < heap[left] ? right : left;
      if (heap[child] >= value) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = value;
    return true;
  }
}

/** A growable list of row numbers, each with the value the final cut is applied to. */
class RowList {
  private rows = new Int32Array(1024);
  private values = new Float64Array(1024);
  private count = 0;

  push(row: number, value: number): void {
    if (this.count === this.rows.length) {
      const rows = new Int32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      const values = new Float64Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.rows[this.count] = row;
    this.values[this.count++] = value;
  }

  /** Drops rows collected before the cut rose past them; order is kept. */
  keep(cut: number): CandidateRows {
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.values[i] >= cut) this.rows[kept++] = this.rows[i];
    }
    return { rows: this.rows, count: kept };
  }
}
