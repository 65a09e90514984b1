import { round1 } from './rounding';

export interface PoolStats {
  count: number;
  median_risk_score: number | null;
  mean_risk_score: number | null;
  /** 100 · (pool scores below the focal + ½ · those equal to it) / count. */
  percentile_rank: number | null;
}

/**
 * Statistics of a comparable pool's risk scores and where the focal score sits in it, each to
 * 1 decimal. The median of an even count is the mean of the two middle scores. An empty pool
 * gives count 0 and nulls.
 */
export function poolStats(focalScore: number, poolScores: readonly number[]): PoolStats {
  const count = poolScores.length;
  if (count === 0)
    return { count: 0, median_risk_score: null, mean_risk_score: null, percentile_rank: null };
  const sorted = [...poolScores].sort((a, b) => a - b);
  const mid = Math.floor(count / 2);
  const median =
    count % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const mean = sorted.reduce((sum, s) => sum + s, 0) / count;
  let below = 0;
  let equal = 0;
  for (const s of sorted) {
    if (s < focalScore) below += 1;
    else if (s === focalScore) equal += 1;
  }
  return {
    count,
    median_risk_score: round1(median),
    mean_risk_score: round1(mean),
    percentile_rank: round1((100 * (below + 0.5 * equal)) / count),
  };
}
