/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 12
 * significant digits, so binary noise (0.1 + 0.2) never decides the rounding.
 */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(scaled)) / scale;
  return rounded === 0 ? 0 : rounded; // never -0
}

/** 4 decimals: probabilities, loadings and factors. */
export const round4 = (value: number): number => roundTo(value, 4);

/** 1 decimal: risk scores and pool statistics. */
export const round1 = (value: number): number => roundTo(value, 1);
