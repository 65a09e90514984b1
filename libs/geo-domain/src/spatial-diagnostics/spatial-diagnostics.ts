// One metro's spatial-diagnostics run (see docs/geo-scoring/spatial-diagnostics.md) as a pure
// function: H3 neighbourhoods, Local Moran's I with conditional-permutation p-values, BH q-values,
// TDA_DONUT and the confidence-shrunk experimental composite. The caller loads the cells and stores
// the rows.
import { gridDisk } from 'h3-js';
import { benjaminiHochberg } from './benjamini-hochberg';
import {
  conditionalPermutation,
  DEFAULT_PERMUTATIONS,
  localMoran,
  type Quadrant,
} from './local-moran';
import { metroRng } from './prng';
import { roundTo } from './rounding';
import { checkDonut, median } from './tda-donut';

export const DEFAULT_SIGNIFICANCE = 0.05;

export type ClusterType = Quadrant | 'TDA_DONUT';

export interface SpatialDiagnosticsCell {
  /** 15-char lowercase hex res-8 cell. */
  readonly h3Index: string;
  readonly composite: number;
  /** In [0, 1]. */
  readonly confidence: number;
}

export interface SpatialDiagnosticsInput {
  readonly metroSlug: string;
  readonly cells: readonly SpatialDiagnosticsCell[];
  /** R (config MORAN_PERMUTATIONS); default 999. */
  readonly permutations?: number;
  /** Config MORAN_SEED (default 20240601). */
  readonly seed: number;
  /** p threshold for a quadrant cluster_type; default 0.05. */
  readonly significance?: number;
}

/** One `spatial_diagnostics` row (column names as stored). */
export interface SpatialDiagnosticsRow {
  readonly h3_index: string;
  readonly score_baseline: number;
  /** 2 decimals. */
  readonly experimental_composite: number;
  /** 6 decimals. */
  readonly local_moran: number;
  /** 6 decimals. */
  readonly z: number;
  /** 6 decimals. */
  readonly spatial_lag: number;
  readonly quadrant: Quadrant;
  /** null for islands (no scored neighbour) and for a constant metro. */
  readonly p_value: number | null;
  readonly q_value: number | null;
  readonly cluster_type: ClusterType | null;
  readonly neighbors: number;
  /** ring_min − composite, 2 decimals; null unless all six ring cells are scored. */
  readonly persistence: number | null;
}

function compareH3(a: SpatialDiagnosticsCell, b: SpatialDiagnosticsCell): number {
  // Equal-length lowercase hex: string order is numeric order.
  return a.h3Index < b.h3Index ? -1 : a.h3Index > b.h3Index ? 1 : 0;
}

function validateCells(sorted: readonly SpatialDiagnosticsCell[]): void {
  sorted.forEach((cell, i) => {
    if (i > 0 && sorted[i - 1].h3Index === cell.h3Index) {
      throw new RangeError(`duplicate cell ${cell.h3Index}`);
    }
    if (!Number.isFinite(cell.composite)) {
      throw new RangeError(`composite of ${cell.h3Index} is not a finite number`);
    }
    if (!(cell.confidence >= 0 && cell.confidence <= 1)) {
      throw new RangeError(`confidence of ${cell.h3Index} is outside [0, 1]`);
    }
  });
}

/** gridDisk(c, 1) minus c, restricted to scored cells, as ascending indices into `sorted`. */
function scoredNeighbours(sorted: readonly SpatialDiagnosticsCell[]): number[][] {
  const indexOf = new Map<string, number>();
  sorted.forEach((cell, i) => indexOf.set(cell.h3Index, i));
  return sorted.map((cell, i) => {
    const row: number[] = [];
    for (const neighbour of gridDisk(cell.h3Index, 1)) {
      const j = indexOf.get(neighbour);
      if (j !== undefined && j !== i) row.push(j);
    }
    return row.sort((a, b) => a - b);
  });
}

/** cᵢ·yᵢ + (1 − cᵢ)·mean(y of scored neighbours); yᵢ when there are none. */
function experimentalComposite(
  y: readonly number[],
  confidence: number,
  index: number,
  row: readonly number[],
): number {
  if (row.length === 0) return y[index];
  let sum = 0;
  for (const j of row) sum += y[j];
  return confidence * y[index] + (1 - confidence) * (sum / row.length);
}

export function computeSpatialDiagnostics(input: SpatialDiagnosticsInput): SpatialDiagnosticsRow[] {
  const permutations = input.permutations ?? DEFAULT_PERMUTATIONS;
  const significance = input.significance ?? DEFAULT_SIGNIFICANCE;
  // Ascending h3 order fixes both the weights' row order and the PRNG consumption order.
  const cells = [...input.cells].sort(compareH3);
  validateCells(cells);
  if (cells.length === 0) return [];

  const y = cells.map((cell) => cell.composite);
  const neighbours = scoredNeighbours(cells);
  const moran = localMoran(y, neighbours);
  const pValues = conditionalPermutation(
    moran,
    metroRng(input.seed, input.metroSlug),
    permutations,
  );

  // BH over the cells that have a p-value (non-islands).
  const tested: number[] = [];
  pValues.forEach((p, i) => {
    if (p !== null) tested.push(i);
  });
  const qTested = benjaminiHochberg(tested.map((i) => pValues[i] as number));
  const qValues = new Array<number | null>(cells.length).fill(null);
  tested.forEach((cellIndex, t) => {
    qValues[cellIndex] = qTested[t];
  });

  const metroMedian = median(y);
  return cells.map((cell, i): SpatialDiagnosticsRow => {
    const p = pValues[i];
    const donut = checkDonut(y, i, neighbours[i], metroMedian);
    let clusterType: ClusterType | null = null;
    if (donut.isDonut) clusterType = 'TDA_DONUT';
    else if (p !== null && p <= significance) clusterType = moran.quadrant[i];
    return {
      h3_index: cell.h3Index,
      score_baseline: cell.composite,
      experimental_composite: roundTo(
        experimentalComposite(y, cell.confidence, i, neighbours[i]),
        2,
      ),
      local_moran: roundTo(moran.I[i], 6),
      z: roundTo(moran.z[i], 6),
      spatial_lag: roundTo(moran.lag[i], 6),
      quadrant: moran.quadrant[i],
      p_value: p,
      q_value: qValues[i],
      cluster_type: clusterType,
      neighbors: moran.neighbourCount[i],
      persistence: donut.persistence,
    };
  });
}
