import { round3, toHundredths } from './rounding';
import { SIGNAL_GROUPS, SignalVector } from './signal-groups';

/**
 * Robustness classifier for the res 7/8 grid pair
 * (see docs/geo-scoring/scoring-engine.md#robustness-classifier). A res-8 score that agrees with
 * its res-7 parent (composite and most groups) is robust to the choice of grid.
 *
 * All thresholds are tested on the stored 2-decimal values in integer hundredths, so boundary
 * cases (Δ = 10.00, |g8 − g7| = 15.00) are decided exactly as written: not a shell / stable.
 */

export const ROBUSTNESS_CLASSES = ['stable_core', 'ambiguity_shell', 'stable_non_signal'] as const;

export type RobustnessClass = (typeof ROBUSTNESS_CLASSES)[number];

/** Composite swing (points) beyond which the cell is an ambiguity shell. */
export const MAX_COMPOSITE_DELTA = 10;
/** A group is "stable" when its signal moves at most this many points between resolutions. */
export const MAX_GROUP_DELTA = 15;
/** Below this share of stable groups the cell is an ambiguity shell (= 5 of 8 groups). */
export const MIN_SUPPORT_STABILITY = 0.625;
/** Both composites below this are a consistently low signal. */
export const NON_SIGNAL_CEILING = 40;

export interface ResolutionScore {
  composite: number | null;
  signals: SignalVector;
}

export interface RobustnessResult {
  /** null = unclassified. */
  robustnessClass: RobustnessClass | null;
  /** k/m rounded to 3 decimals; null exactly when unclassified. */
  supportStability: number | null;
}

const UNCLASSIFIED: RobustnessResult = { robustnessClass: null, supportStability: null };

/**
 * Support of a cell: of the m groups non-null at both resolutions, k have |g8 − g7| ≤ 15.
 * Null when m = 0.
 */
export function supportCounts(
  r8: SignalVector,
  r7: SignalVector,
): { stable: number; comparable: number } | null {
  let stable = 0;
  let comparable = 0;
  for (const group of SIGNAL_GROUPS) {
    const g8 = r8[group];
    const g7 = r7[group];
    if (g8 === null || g7 === null) continue;
    comparable += 1;
    if (Math.abs(toHundredths(g8) - toHundredths(g7)) <= MAX_GROUP_DELTA * 100) stable += 1;
  }
  return comparable === 0 ? null : { stable, comparable };
}

/**
 * Classifies a scored res-8 cell against its res-7 parent (`cellToParent(c, 7)`).
 * `parent` null (no cell_scores_r7 row) or a parent without composite → unclassified; a cell
 * first scored after the last classifier run is simply not passed here by the job.
 */
export function classifyRobustness(
  cell: ResolutionScore,
  parent: ResolutionScore | null,
): RobustnessResult {
  if (parent === null || parent.composite === null || cell.composite === null) {
    return UNCLASSIFIED;
  }
  const support = supportCounts(cell.signals, parent.signals);
  if (support === null) return UNCLASSIFIED;

  const { stable, comparable } = support;
  const supportStability = round3(stable / comparable);
  const s8 = toHundredths(cell.composite);
  const s7 = toHundredths(parent.composite);
  // k/m < 0.625 ⇔ 8k < 5m: compare the exact fraction, not its 3-decimal rounding.
  const unstableSupport = stable * 8 < comparable * 5;

  let robustnessClass: RobustnessClass;
  if (Math.abs(s8 - s7) > MAX_COMPOSITE_DELTA * 100 || unstableSupport) {
    robustnessClass = 'ambiguity_shell';
  } else if (s8 < NON_SIGNAL_CEILING * 100 && s7 < NON_SIGNAL_CEILING * 100) {
    robustnessClass = 'stable_non_signal';
  } else {
    robustnessClass = 'stable_core';
  }
  return { robustnessClass, supportStability };
}
