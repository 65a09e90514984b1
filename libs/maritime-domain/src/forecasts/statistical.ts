import { interval80, sampleStd, type ForecastValue } from './interval';

/**
 * A port's daily arrival counts: `actuals[i]` is day i of the series (day 0 the first day with
 * data). An issue at index T may use only actuals[0..T−1].
 */
export type DailyActuals = readonly number[];

export const STATISTICAL_SAME_WEEKDAYS = 4;
export const STATISTICAL_RESIDUAL_DAYS = 56;

/**
 * The mean of the last 4 same-weekday actuals before `issueIndex` for day `target` (target − 7,
 * − 14, … that are known), fewer if the series is shorter; null when there is none.
 */
export function sameWeekdayMean(
  actuals: DailyActuals,
  issueIndex: number,
  target: number,
): number | null {
  const known = Math.min(issueIndex, actuals.length);
  let t = target - 7;
  while (t >= known) t -= 7;
  let sum = 0;
  let n = 0;
  for (; t >= 0 && n < STATISTICAL_SAME_WEEKDAYS; t -= 7) {
    sum += actuals[t] as number;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

/**
 * The statistical method for the issue at index T: day T+h (h = 1..horizons) is the mean of its
 * last 4 same-weekday actuals before T; σ is the sample standard deviation of the same rule's
 * one-day-ahead residuals (actual(t) − mean of t−7…t−28) over the 56 days before T.
 */
export function statisticalForecast(
  actuals: DailyActuals,
  issueIndex: number,
  horizons = 14,
): ForecastValue[] {
  const residuals: number[] = [];
  const known = Math.min(issueIndex, actuals.length);
  for (let t = Math.max(0, known - STATISTICAL_RESIDUAL_DAYS); t < known; t += 1) {
    const fitted = sameWeekdayMean(actuals, t, t);
    if (fitted !== null) residuals.push((actuals[t] as number) - fitted);
  }
  const sigma = sampleStd(residuals);
  return Array.from({ length: horizons }, (_, i) =>
    interval80(sameWeekdayMean(actuals, known, issueIndex + i + 1) ?? 0, sigma),
  );
}
