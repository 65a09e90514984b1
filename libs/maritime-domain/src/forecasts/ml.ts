import { interval80, sampleStd, type ForecastValue } from './interval';
import { linearPredict, ridgeFit } from './ridge';
import type { DailyActuals } from './statistical';

export const ML_LAMBDA = 1;
export const ML_TRAINING_DAYS = 180;
/** [1, lag1, lag7, lag14, mean7, Mon, Tue, Wed, Thu, Fri, Sat]; Sunday is the baseline. */
export const ML_FEATURES = 11;

/**
 * The feature row of day t from the series (which must reach t − 1, and t ≥ 14); `weekday0` is
 * the UTC weekday (0 = Sunday) of day 0.
 */
export function mlFeatures(series: readonly number[], t: number, weekday0: number): number[] {
  const at = (i: number): number => series[i] as number;
  let week = 0;
  for (let k = 1; k <= 7; k += 1) week += at(t - k);
  const weekday = (((weekday0 + t) % 7) + 7) % 7;
  const dummies = [1, 2, 3, 4, 5, 6].map((d) => (weekday === d ? 1 : 0));
  return [1, at(t - 1), at(t - 7), at(t - 14), week / 7, ...dummies];
}

/**
 * The ml method for the issue at index T: ridge (λ = 1, every coefficient penalised) on the
 * training days t ∈ [max(14, T − 180), T − 1]; recursive, so day T (not yet known) is predicted
 * first and each prediction, clamped at 0, feeds the lags of the next. σ is the sample standard
 * deviation of the training residuals.
 */
export function mlForecast(
  actuals: DailyActuals,
  issueIndex: number,
  weekday0: number,
  horizons = 14,
): ForecastValue[] {
  const known = Math.min(issueIndex, actuals.length);
  const rows: number[][] = [];
  const targets: number[] = [];
  for (let t = Math.max(14, known - ML_TRAINING_DAYS); t < known; t += 1) {
    rows.push(mlFeatures(actuals, t, weekday0));
    targets.push(actuals[t] as number);
  }
  const beta = ridgeFit(rows, targets, ML_LAMBDA, ML_FEATURES);
  const sigma = sampleStd(rows.map((row, i) => (targets[i] as number) - linearPredict(beta, row)));
  const series = actuals.slice(0, known) as number[];
  // Days before the series starts are unknown; too short a history predicts 0 (β = 0 then).
  const out: ForecastValue[] = [];
  for (let t = known; t <= issueIndex + horizons; t += 1) {
    const point = t >= 14 ? Math.max(0, linearPredict(beta, mlFeatures(series, t, weekday0))) : 0;
    series.push(point);
    if (t > issueIndex) out.push(interval80(point, sigma));
  }
  return out;
}
