/** One scored forecast: its prediction, the day's actual, and the base (the actual of the day before its issue). */
export interface AccuracyPoint {
  predicted: number;
  actual: number;
  base: number;
}

export interface AccuracyMetrics {
  n: number;
  n_mape: number;
  mae: number | null;
  mape_pct: number | null;
  directional_accuracy_pct: number | null;
}

/** sign(pred − base) = sign(actual − base); no change predicted and none seen (0 = 0) matches. */
export function directionMatches(point: AccuracyPoint): boolean {
  return Math.sign(point.predicted - point.base) === Math.sign(point.actual - point.base);
}

/** Running sums, so the same rule serves arrays and database aggregates. */
export interface AccuracySums {
  n: number;
  absErrorSum: number;
  nMape: number;
  apeSum: number;
  directionMatches: number;
}

export function accuracySums(points: readonly AccuracyPoint[]): AccuracySums {
  const sums: AccuracySums = { n: 0, absErrorSum: 0, nMape: 0, apeSum: 0, directionMatches: 0 };
  for (const point of points) {
    const error = Math.abs(point.predicted - point.actual);
    sums.n += 1;
    sums.absErrorSum += error;
    if (point.actual > 0) {
      sums.nMape += 1;
      sums.apeSum += error / point.actual;
    }
    if (directionMatches(point)) sums.directionMatches += 1;
  }
  return sums;
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * MAE = mean |pred − actual| (2 decimals); MAPE = mean |pred − actual| / actual · 100 over the
 * n_mape points with actual > 0 (2 decimals); directional accuracy = matches / n · 100
 * (2 decimals). Each is null when it has no points.
 */
export function metricsFromSums(sums: AccuracySums): AccuracyMetrics {
  return {
    n: sums.n,
    n_mape: sums.nMape,
    mae: sums.n === 0 ? null : round(sums.absErrorSum / sums.n, 2),
    mape_pct: sums.nMape === 0 ? null : round((sums.apeSum / sums.nMape) * 100, 2),
    directional_accuracy_pct:
      sums.n === 0 ? null : round((sums.directionMatches / sums.n) * 100, 2),
  };
}

export function accuracyMetrics(points: readonly AccuracyPoint[]): AccuracyMetrics {
  return metricsFromSums(accuracySums(points));
}
