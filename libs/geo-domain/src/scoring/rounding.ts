/**
 * Decimal rounding that matches PostgreSQL `round(x::numeric, d)` for a double `x`.
 *
 * Why not `Math.round(x * 100) / 100`: (1) Math.round rounds negative halves toward +∞, while
 * PostgreSQL rounds halves away from zero; (2) `1.005 * 100` is 100.49999… in binary, so the
 * naive form gives 1.00 where PostgreSQL (which first converts the double to numeric with 15
 * significant digits) gives 1.01. Rounding the 15-significant-digit decimal representation
 * reproduces what the database would store.
 */

/** Beyond this magnitude every double is already an integer; string shifting would overflow. */
const NO_FRACTION_ABOVE = 1e15;

export function roundHalfAwayFromZero(value: number, decimals: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`cannot round a non-finite number: ${value}`);
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new RangeError(`decimals must be an integer in 0..10, got ${decimals}`);
  }
  if (value === 0 || Math.abs(value) >= NO_FRACTION_ABOVE) {
    return value + 0; // `+ 0` turns -0 into 0
  }
  const sign = value < 0 ? -1 : 1;
  // 15 significant digits, like PostgreSQL's float8 → numeric cast.
  const [mantissa, exponent] = Math.abs(value).toExponential(14).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + decimals}`);
  const rounded = Math.round(shifted); // shifted ≥ 0, so "half up" is "half away from zero"
  return sign * Number(`${rounded}e-${decimals}`) + 0;
}

/** Composite, signals, pct, money: 2 decimals (see docs/geo-scoring/README.md#conventions). */
export function round2(value: number): number {
  return roundHalfAwayFromZero(value, 2);
}

/** Confidence, support_stability: 3 decimals. */
export function round3(value: number): number {
  return roundHalfAwayFromZero(value, 3);
}

/**
 * A stored 2-decimal value as an integer count of hundredths, so threshold tests such as
 * `|Δ| ≥ 0.5` or `|g8 − g7| ≤ 15` are exact instead of depending on binary subtraction noise.
 */
export function toHundredths(value: number): number {
  return Math.round(round2(value) * 100);
}
