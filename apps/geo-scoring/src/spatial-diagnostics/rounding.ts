// Output rounding for stored diagnostics (design 0: local_moran 6 decimals, composites 2).

/**
 * Rounds half away from zero (as PostgreSQL numeric `round` does). The product is first trimmed
 * to 15 significant digits so binary noise such as 1.005 × 100 = 100.49999999999999 rounds up.
 * Never returns −0.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}
