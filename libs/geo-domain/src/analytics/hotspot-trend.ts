import { addDays, assertIsoDate } from './dates';

/**
 * Hotspot trend: compare the oldest and newest halves of the window
 * (see docs/geo-scoring/analytics.md#trend).
 * h = ⌊days/2⌋; c1 = Σ of the oldest h days, c2 = Σ of the newest h days (odd days: the middle
 * day belongs to neither half). r = (c2 − c1) / max(c1, 1);
 * increasing if r ≥ 0.25 and c2 − c1 ≥ 3; declining if r ≤ −0.25 and c1 − c2 ≥ 3; else stable.
 * The absolute floor of 3 keeps 0 → 1 or 1 → 2 (r ≥ 1) from being called a trend.
 */

export const HOTSPOT_TRENDS = ['increasing', 'stable', 'declining'] as const;

export type HotspotTrend = (typeof HOTSPOT_TRENDS)[number];

/** Minimum relative change, as a fraction of max(c1, 1). */
export const TREND_MIN_RATIO = 0.25;
/** Minimum absolute change in incidents between the halves. */
export const TREND_MIN_ABSOLUTE = 3;

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be an integer ≥ 0, got ${value}`);
  }
}

/** Trend from the two half sums. The ratio test is done exactly: 4·|c2 − c1| ≥ max(c1, 1). */
export function trendFromHalves(c1: number, c2: number): HotspotTrend {
  assertCount('c1', c1);
  assertCount('c2', c2);
  const change = c2 - c1;
  const base = Math.max(c1, 1);
  const bigEnough = (delta: number): boolean =>
    delta >= TREND_MIN_ABSOLUTE && delta >= TREND_MIN_RATIO * base;
  if (bigEnough(change)) return 'increasing';
  if (bigEnough(-change)) return 'declining';
  return 'stable';
}

/** Half sums of a dense daily series (oldest first, one entry per day of the window). */
export function trendHalves(dailyCounts: readonly number[]): { c1: number; c2: number } {
  const days = dailyCounts.length;
  const h = Math.floor(days / 2);
  let c1 = 0;
  let c2 = 0;
  dailyCounts.forEach((count, i) => {
    assertCount(`dailyCounts[${i}]`, count);
    if (i < h) c1 += count;
    else if (i >= days - h) c2 += count;
  });
  return { c1, c2 };
}

/** Trend of a window given as `days` daily counts, oldest first. */
export function hotspotTrend(dailyCounts: readonly number[]): HotspotTrend {
  const { c1, c2 } = trendHalves(dailyCounts);
  return trendFromHalves(c1, c2);
}

export interface DateRange {
  /** Inclusive. */
  from: string;
  /** Inclusive. */
  to: string;
}

/**
 * The window of `days` days ending today (the last N UTC calendar days including today) and its two
 * halves, as inclusive date ranges for SQL. With days = 1 the halves are empty (from > to) and the
 * trend is always stable.
 */
export function trendWindows(
  today: string,
  days: number,
): { window: DateRange; older: DateRange; newer: DateRange } {
  assertIsoDate('today', today);
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be an integer ≥ 1, got ${days}`);
  }
  const h = Math.floor(days / 2);
  const first = addDays(today, -(days - 1));
  return {
    window: { from: first, to: today },
    older: { from: first, to: addDays(first, h - 1) },
    newer: { from: addDays(today, -(h - 1)), to: today },
  };
}

/**
 * Dense daily series (oldest first) for the window ending `today` from sparse per-day rows, e.g.
 * crime_daily_r8 sums. Days without a row count 0; rows outside the window are ignored; several
 * rows for one day (one per category) add up.
 */
export function dailySeries(
  rows: Iterable<{ day: string; count: number }>,
  today: string,
  days: number,
): number[] {
  const { window } = trendWindows(today, days);
  const series = new Array<number>(days).fill(0);
  const offsetByDay = new Map<string, number>();
  for (let i = 0; i < days; i += 1) offsetByDay.set(addDays(window.from, i), i);
  for (const row of rows) {
    assertCount(`count of ${row.day}`, row.count);
    const offset = offsetByDay.get(row.day);
    if (offset !== undefined) series[offset] += row.count;
  }
  return series;
}
