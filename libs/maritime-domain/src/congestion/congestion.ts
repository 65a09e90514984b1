import { roundTo } from '../insurance/rounding';

/** Weights of the two congestion ratios: vessels waiting now, and the 7-day average wait. */
export const CONGESTION_WEIGHTS = { waiting: 0.6, wait: 0.4 } as const;

/** The index is clamped to [0, CONGESTION_INDEX_MAX]; 100 means "as usual". */
export const CONGESTION_INDEX_MAX = 500;

export const CONGESTION_LEVEL_NAMES = ['low', 'normal', 'elevated', 'high', 'severe'] as const;

export type CongestionLevel = (typeof CONGESTION_LEVEL_NAMES)[number];

export interface CongestionLevelBand {
  level: CongestionLevel;
  /** Inclusive lower bound. */
  min: number;
  /** Exclusive upper bound; null for the open top band. */
  max: number | null;
}

/** The complete set: low [0,80) · normal [80,120) · elevated [120,160) · high [160,220) · severe ≥ 220. */
export const CONGESTION_LEVELS: readonly CongestionLevelBand[] = [
  { level: 'low', min: 0, max: 80 },
  { level: 'normal', min: 80, max: 120 },
  { level: 'elevated', min: 120, max: 160 },
  { level: 'high', min: 160, max: 220 },
  { level: 'severe', min: 220, max: null },
];

export interface CongestionInputs {
  /** Vessels at anchor now (arrived, not yet berthed). */
  waiting: number;
  /** Mean hours from arrival to berth of the calls berthed in the last 7 days; null if none. */
  avgWaitH: number | null;
  /** Median waiting count of the baseline window; null if unknown. */
  baselineWaiting: number | null;
  /** Median hours from arrival to berth in the baseline window; null if unknown. */
  baselineWaitH: number | null;
}

/**
 * index = clamp(100·(0.6·waiting/max(base_waiting,1) + 0.4·avg_wait/max(base_wait,1)), 0, 500),
 * rounded to 1 decimal. A missing value counts as 0 (no wait recorded, no baseline known); the
 * max(…, 1) floors keep a port that is usually empty from dividing by zero.
 */
export function congestionIndex(inputs: CongestionInputs): number {
  const waitingRatio = inputs.waiting / Math.max(inputs.baselineWaiting ?? 0, 1);
  const waitRatio = (inputs.avgWaitH ?? 0) / Math.max(inputs.baselineWaitH ?? 0, 1);
  const raw =
    100 * (CONGESTION_WEIGHTS.waiting * waitingRatio + CONGESTION_WEIGHTS.wait * waitRatio);
  return roundTo(Math.min(CONGESTION_INDEX_MAX, Math.max(0, raw)), 1);
}

/** The level of an index (the rounded index, so a shown 80.0 always reads normal). */
export function congestionLevel(index: number): CongestionLevel {
  for (let i = CONGESTION_LEVELS.length - 1; i >= 0; i -= 1) {
    const band = CONGESTION_LEVELS[i] as CongestionLevelBand;
    if (index >= band.min) return band.level;
  }
  return 'low';
}

/** The median of a list, as PostgreSQL percentile_cont(0.5) gives it (the mean of the middle two for an even count); null when empty. */
export function congestionMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
