// Benjamini–Hochberg false-discovery-rate q-values over a metro's non-island cells
// (see docs/geo-scoring/spatial-diagnostics.md#false-discovery-rate), so `fdr=true` can filter
// on q ≤ 0.05 instead of the raw pseudo p-value.

/**
 * q-values for `pValues`, returned in input order. With p sorted ascending as p₍₁₎ ≤ … ≤ p₍ₘ₎,
 * q₍ᵢ₎ = min over j ≥ i of (m·p₍ⱼ₎ / j), capped at 1 (the step-up adjustment, monotone in p).
 * Ties in p get equal q values.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-value out of [0, 1]: ${p}`);
  }
  const order = Array.from({ length: m }, (_, index) => index).sort(
    (a, b) => pValues[a] - pValues[b] || a - b,
  );
  const q = new Array<number>(m);
  let runningMin = 1;
  for (let rank = m; rank >= 1; rank--) {
    const index = order[rank - 1];
    runningMin = Math.min(runningMin, (pValues[index] * m) / rank);
    q[index] = runningMin;
  }
  return q;
}
