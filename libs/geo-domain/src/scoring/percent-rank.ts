import { round2 } from './rounding';

/**
 * PostgreSQL `percent_rank()` over an ascending ORDER BY: (rank − 1) / (n − 1), where rank is 1 +
 * the number of strictly smaller values (ties share the lowest rank) and a single-row partition
 * gives 0.
 *
 * Null handling differs on purpose from a bare window function (which would rank NULLS LAST):
 * a null raw feature means "group not applicable", so nulls are left out of n and stay null.
 */
export function percentRanks(values: readonly (number | null)[]): (number | null)[] {
  const present: { index: number; value: number }[] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    if (!Number.isFinite(value)) {
      // NaN/±∞ would only come from a bug upstream; ranking them silently would hide it.
      throw new RangeError(`percent rank of a non-finite value at index ${index}: ${value}`);
    }
    present.push({ index, value });
  });

  const out: (number | null)[] = values.map(() => null);
  const n = present.length;
  if (n === 0) return out;
  if (n === 1) {
    out[present[0].index] = 0;
    return out;
  }

  present.sort((a, b) => a.value - b.value);
  let rank = 1; // rank of the current run of equal values
  for (let i = 0; i < n; i += 1) {
    if (i > 0 && present[i].value !== present[i - 1].value) {
      rank = i + 1;
    }
    out[present[i].index] = (rank - 1) / (n - 1);
  }
  return out;
}

/** Signal = round(100 × percent_rank, 2); nulls stay null. */
export function percentRankSignals(values: readonly (number | null)[]): (number | null)[] {
  return percentRanks(values).map((rank) => (rank === null ? null : round2(100 * rank)));
}
