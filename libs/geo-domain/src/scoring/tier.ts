import { toHundredths } from './rounding';

/**
 * Tier buckets (see docs/geo-scoring/scoring-engine.md#tier-buckets): the one function behind every
 * `tier` field and the metro tier distribution. Half-open intervals on the stored 2-decimal value:
 *   prime ≥ 80; strong 60 ≤ s < 80; solid 40 ≤ s < 60; watch 20 ≤ s < 40; elevated < 20.
 *
 * Input contract: the caller passes the stored 2-decimal value (composite or a signal). The
 * function re-rounds to 2 decimals first — a no-op on stored values — so that an unrounded
 * in-memory number (e.g. 79.995) gets the tier of the value the database would store (80.00 →
 * prime) instead of a tier the API would contradict later. Comparisons are made in integer
 * hundredths, so 79.99 vs 80 is never subject to binary noise.
 */

export const TIERS = ['prime', 'strong', 'solid', 'watch', 'elevated'] as const;

export type Tier = (typeof TIERS)[number];

/** Lower bounds in hundredths, highest first; `elevated` is everything below the last one. */
export const TIER_FLOORS: ReadonlyArray<readonly [Tier, number]> = [
  ['prime', 8000],
  ['strong', 6000],
  ['solid', 4000],
  ['watch', 2000],
];

export function tierOf(score: number): Tier {
  if (!Number.isFinite(score)) {
    throw new RangeError(`tier of a non-finite score: ${score}`);
  }
  const hundredths = toHundredths(score);
  for (const [tier, floor] of TIER_FLOORS) {
    if (hundredths >= floor) {
      return tier;
    }
  }
  return 'elevated';
}

/**
 * The same buckets as a SQL CASE over `column` (a trusted column name, never user input), so a
 * route can count tiers in the database without a second copy of the thresholds. Stored values
 * have 2 decimals, so `round(column * 100)` is exact and has no ties to break.
 */
export function tierSqlCase(column: string): string {
  const arms = TIER_FLOORS.map(
    ([tier, floor]) => `WHEN round(${column} * 100) >= ${floor} THEN '${tier}'`,
  ).join(' ');
  return `CASE ${arms} ELSE 'elevated' END`;
}

/** Null-propagating form for nullable signals (a null signal has no tier). */
export function tierOrNull(score: number | null | undefined): Tier | null {
  return score === null || score === undefined ? null : tierOf(score);
}

export type TierCounts = Record<Tier, number>;

/**
 * Bucket counts for metro-tier-distribution: null values are excluded, and total = Σ buckets.
 */
export function tierDistribution(scores: Iterable<number | null>): {
  total: number;
  buckets: TierCounts;
} {
  const buckets: TierCounts = { prime: 0, strong: 0, solid: 0, watch: 0, elevated: 0 };
  let total = 0;
  for (const score of scores) {
    if (score === null) continue;
    buckets[tierOf(score)] += 1;
    total += 1;
  }
  return { total, buckets };
}
