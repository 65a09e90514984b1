// TDA_DONUT detection (see docs/geo-scoring/spatial-diagnostics.md#tda_donut): a cell whose
// complete ring of six scored neighbours stays above the metro median while the centre sits below
// it — a single-cell hole in the superlevel-set filtration whose 1-cycle lives from y_c up to the
// ring's minimum.
import { roundTo } from './rounding';

export const DONUT_MIN_PERSISTENCE = 15;
/** A full hexagon ring; pentagons (5 neighbours) and edge cells never qualify. */
export const COMPLETE_RING_SIZE = 6;

export interface DonutCheck {
  /** Minimum composite over the ring; null unless the ring is complete. */
  readonly ringMin: number | null;
  /** ringMin − y_c, rounded to 2 decimals (composite units); null unless the ring is complete. */
  readonly persistence: number | null;
  readonly isDonut: boolean;
}

/** Median of the metro's composites (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Checks cell `index` given its neighbour list (gridRing(c, 1) restricted to scored cells;
 * for a hexagon that is gridDisk(c, 1) minus c). Persistence is rounded to 2 decimals before
 * the ≥ 15 test, since composites carry 2 decimals and e.g. 65.3 − 50.3 is not exactly 15 in
 * binary floating point.
 */
export function checkDonut(
  y: readonly number[],
  index: number,
  ring: readonly number[],
  metroMedian: number,
): DonutCheck {
  if (ring.length !== COMPLETE_RING_SIZE) {
    return { ringMin: null, persistence: null, isDonut: false };
  }
  let ringMin = Infinity;
  for (const j of ring) ringMin = Math.min(ringMin, y[j]);
  const centre = y[index];
  const persistence = roundTo(ringMin - centre, 2);
  const isDonut =
    centre < metroMedian && metroMedian <= ringMin && persistence >= DONUT_MIN_PERSISTENCE;
  return { ringMin, persistence, isDonut };
}
