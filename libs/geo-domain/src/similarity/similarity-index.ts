import { SIGNAL_GROUPS, SignalGroup } from '../scoring/signal-groups';
import { blendCandidates, satelliteCandidates } from './quantized-scan/candidate-rows';
import { QuantizedSpace } from './quantized-scan/quantized-space';
import {
  dotRow,
  roundSimilarity,
  scanBlend,
  scanSingle,
  ScanOptions,
  VectorSpace,
  writeUnitRow,
} from './top-k';

export const SCORE_DIMS = SIGNAL_GROUPS.length;
export const EMBEDDING_DIMS = 64;
export const EMBEDDING_BYTES = EMBEDDING_DIMS * 4;

export type SimilarityMode = 'score' | 'satellite' | 'blend';

/** One current cell_scores row with its cell centre and satellite embedding (if any). */
export interface IndexCellInput {
  h3Index: string;
  metroSlug: string;
  lat: number;
  lng: number;
  composite: number | null;
  confidence: number;
  /** The eight signals in column order (SIGNAL_GROUPS); null = the group does not apply. */
  signals: readonly (number | null)[];
  robustnessClass: string | null;
  supportStability: number | null;
  /** 64 float32 little-endian (256 bytes), or null when the cell has none. */
  embedding: Uint8Array | null;
}

export interface IndexedCell {
  h3Index: string;
  metroSlug: string;
  lat: number;
  lng: number;
  composite: number | null;
  confidence: number;
  signals: Record<SignalGroup, number | null>;
  robustnessClass: string | null;
  supportStability: number | null;
}

export interface SimilarHit {
  cell: IndexedCell;
  /** Unrounded similarity (score cosine recomputed in float64 from the stored signals). */
  similarity: number;
  /** Per-signal terms of the score cosine (Σ = score cosine); null in satellite mode. */
  contributions: Record<SignalGroup, number> | null;
}

export type SourceCheck =
  | { found: true; row: number }
  | {
      found: false;
      reason: 'cell_not_scored' | 'zero_profile' | 'no_satellite_embedding';
      sourceMetro: string | null;
    };

/** Reads a 64-d embedding stored as float32 little-endian; null when malformed. */
export function decodeEmbedding(bytes: Uint8Array | null): Float32Array | null {
  if (!bytes || bytes.byteLength !== EMBEDDING_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(EMBEDDING_DIMS);
  for (let j = 0; j < EMBEDDING_DIMS; j++) out[j] = view.getFloat32(j * 4, true);
  return out;
}

/**
 * The per-replica look-alike index (see docs/geo-scoring/similar-cells.md#search): rows sorted by
 * metro then h3_index, one Float32Array per vector kind, L2-normalised once here so a query is a
 * plain dot product. Immutable after construction: a rebuild makes a new instance and swaps the
 * reference.
 */
export class SimilarityIndex {
  readonly size: number;
  readonly score: VectorSpace;
  readonly satellite: VectorSpace;
  /** Number of rows with an embedding (0 = satellite and blend answer no_satellite_embedding). */
  readonly embeddingCount: number;
  /** int8 copy of `satellite` that narrows satellite and blend searches to a few candidates. */
  private readonly satelliteCodes: QuantizedSpace;
  private readonly cells: IndexedCell[];
  /** Signals with null → 0, float64, for exact output similarities and contributions. */
  private readonly rawScores: Float64Array;
  private readonly scoreNorms: Float64Array;
  private readonly rank: Int32Array;
  private readonly rowByH3 = new Map<string, number>();
  private readonly metroSlices = new Map<string, { start: number; end: number }>();

  constructor(
    inputs: readonly IndexCellInput[],
    /** The latest succeeded score run when the rows were read (the poll compares it). */
    readonly scoreRunId: string | null = null,
  ) {
    const sorted = [...inputs].sort(
      (a, b) => compare(a.metroSlug, b.metroSlug) || compare(a.h3Index, b.h3Index),
    );
    const n = sorted.length;
    this.size = n;
    this.score = {
      dims: SCORE_DIMS,
      data: new Float32Array(n * SCORE_DIMS),
      present: new Uint8Array(n),
    };
    this.satellite = {
      dims: EMBEDDING_DIMS,
      data: new Float32Array(n * EMBEDDING_DIMS),
      present: new Uint8Array(n),
    };
    this.rawScores = new Float64Array(n * SCORE_DIMS);
    this.scoreNorms = new Float64Array(n);
    this.cells = new Array<IndexedCell>(n);
    let embeddings = 0;
    const raw = new Float64Array(SCORE_DIMS);
    for (let row = 0; row < n; row++) {
      const input = sorted[row];
      const signals = {} as Record<SignalGroup, number | null>;
      let norm = 0;
      SIGNAL_GROUPS.forEach((group, j) => {
        const value = input.signals[j] ?? null;
        signals[group] = value;
        raw[j] = value ?? 0;
        this.rawScores[row * SCORE_DIMS + j] = raw[j];
        norm += raw[j] * raw[j];
      });
      this.scoreNorms[row] = Math.sqrt(norm);
      writeUnitRow(this.score, row, raw);
      const embedding = decodeEmbedding(input.embedding);
      if (embedding && writeUnitRow(this.satellite, row, embedding)) embeddings++;
      this.cells[row] = {
        h3Index: input.h3Index,
        metroSlug: input.metroSlug,
        lat: input.lat,
        lng: input.lng,
        composite: input.composite,
        confidence: input.confidence,
        signals,
        robustnessClass: input.robustnessClass,
        supportStability: input.supportStability,
      };
      this.rowByH3.set(input.h3Index, row);
      const slice = this.metroSlices.get(input.metroSlug);
      if (slice) slice.end = row + 1;
      else this.metroSlices.set(input.metroSlug, { start: row, end: row + 1 });
    }
    this.embeddingCount = embeddings;
    this.satelliteCodes = new QuantizedSpace(this.satellite);
    // Tie-break order: ascending h3_index over all rows (fixed-length hex, so string order).
    const byH3 = Array.from({ length: n }, (_, row) => row).sort((a, b) =>
      compare(this.cells[a].h3Index, this.cells[b].h3Index),
    );
    this.rank = new Int32Array(n);
    byH3.forEach((row, position) => (this.rank[row] = position));
  }

  /**
   * Whether the source can be searched in this mode, and why not
   * (see docs/geo-scoring/similar-cells.md#exclusions-and-found--false).
   */
  checkSource(h3Index: string, mode: SimilarityMode): SourceCheck {
    const row = this.rowByH3.get(h3Index);
    if (row === undefined) return { found: false, reason: 'cell_not_scored', sourceMetro: null };
    const sourceMetro = this.cells[row].metroSlug;
    if (mode !== 'satellite' && this.score.present[row] === 0)
      return { found: false, reason: 'zero_profile', sourceMetro };
    if (mode !== 'score' && this.satellite.present[row] === 0)
      return { found: false, reason: 'no_satellite_embedding', sourceMetro };
    return { found: true, row };
  }

  cellAt(row: number): IndexedCell {
    return this.cells[row];
  }

  /** Exact top-`limit` look-alikes of the source row, best first. */
  search(
    source: number,
    mode: SimilarityMode,
    limit: number,
    sameMetroOnly: boolean,
  ): SimilarHit[] {
    const range = sameMetroOnly
      ? (this.metroSlices.get(this.cells[source].metroSlug) ?? { start: 0, end: 0 })
      : { start: 0, end: this.size };
    const options = { ...range, exclude: source, k: limit, rank: this.rank };
    const hits =
      mode === 'score'
        ? scanSingle(this.score, this.rowOf(this.score, source), options)
        : this.searchSatellite(source, mode, options);
    const out = hits.map(({ row }) => {
      if (mode === 'satellite')
        return {
          cell: this.cells[row],
          similarity: this.satelliteCosine(source, row),
          contributions: null,
        };
      const { cosine, contributions } = this.scoreTerms(source, row);
      // The float32 scan ranks; the reported value is recomputed in float64 from the stored
      // signals so it equals the cosine a client computes from the returned columns.
      const exact =
        mode === 'score' ? cosine : 1 - (1 - cosine + (1 - this.satelliteCosine(source, row))) / 2;
      return { cell: this.cells[row], similarity: exact, contributions };
    });
    // Ranked on the reported 4-decimal value, ties by h3_index (the scan ranked the same way
    // in float32; this settles the rare value that rounds differently in float64).
    return out.sort(
      (a, b) =>
        roundSimilarity(b.similarity) - roundSimilarity(a.similarity) ||
        compare(a.cell.h3Index, b.cell.h3Index),
    );
  }

  /**
   * Satellite and blend: the int8 prefilter yields the rows that can still rank, and the exact
   * float scan ranks just those, so the answer equals a full exact scan (candidate-rows.ts).
   */
  private searchSatellite(
    source: number,
    mode: 'satellite' | 'blend',
    options: ScanOptions,
  ): { row: number; similarity: number }[] {
    const satelliteQuery = this.rowOf(this.satellite, source);
    const scoreQuery = this.rowOf(this.score, source);
    const candidates =
      mode === 'satellite'
        ? satelliteCandidates(this.satelliteCodes, satelliteQuery, options)
        : blendCandidates(this.satelliteCodes, satelliteQuery, this.score, scoreQuery, options);
    const ranked = { ...options, start: 0, end: candidates.count, rows: candidates.rows };
    return mode === 'satellite'
      ? scanSingle(this.satellite, satelliteQuery, ranked)
      : scanBlend(this.score, scoreQuery, this.satellite, satelliteQuery, ranked);
  }

  private rowOf(space: VectorSpace, row: number): Float32Array {
    return space.data.subarray(row * space.dims, (row + 1) * space.dims);
  }

  private satelliteCosine(a: number, b: number): number {
    return clamp0(dotRow(this.satellite.data, b, this.rowOf(this.satellite, a), EMBEDDING_DIMS));
  }

  /** Score cosine in float64 and its per-signal terms a_i·b_i / (|a|·|b|). */
  private scoreTerms(
    a: number,
    b: number,
  ): { cosine: number; contributions: Record<SignalGroup, number> } {
    const denominator = this.scoreNorms[a] * this.scoreNorms[b];
    const contributions = {} as Record<SignalGroup, number>;
    let cosine = 0;
    SIGNAL_GROUPS.forEach((group, j) => {
      const term =
        (this.rawScores[a * SCORE_DIMS + j] * this.rawScores[b * SCORE_DIMS + j]) / denominator;
      contributions[group] = term;
      cosine += term;
    });
    return { cosine: clamp0(cosine), contributions };
  }
}

function clamp0(value: number): number {
  return value < 0 ? 0 : value;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
