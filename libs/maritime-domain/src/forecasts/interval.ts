/** The z of a central 80 % normal interval: ±1.2816·σ. */
export const Z_80 = 1.2816;

export interface ForecastValue {
  predicted: number;
  lower_80: number;
  upper_80: number;
}

/** Rounds to 2 decimals, as forecasts are stored. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Sample standard deviation (divisor n − 1) of the residuals; 0 with fewer than two. This σ is
 * what both the statistical and the ml intervals use.
 */
export function sampleStd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const ss = values.reduce((s, v) => s + (v - mean) ** 2, 0);
  return Math.sqrt(ss / (values.length - 1));
}

/**
 * predicted ± 1.2816·σ, rounded to 2 decimals. Arrivals cannot be negative, so the point is
 * clamped at 0 first and the lower bound too (the interval is then no longer symmetric).
 */
export function interval80(point: number, sigma: number): ForecastValue {
  const predicted = Math.max(0, point);
  const half = Z_80 * Math.max(0, sigma);
  return {
    predicted: round2(predicted),
    lower_80: round2(Math.max(0, predicted - half)),
    upper_80: round2(predicted + half),
  };
}

/** The pipeline's Poisson-style interval: λ ± 1.2816·√λ, with the lower bound clamped at 0. */
export function pipelineInterval(lambda: number): ForecastValue {
  return interval80(lambda, Math.sqrt(Math.max(0, lambda)));
}
