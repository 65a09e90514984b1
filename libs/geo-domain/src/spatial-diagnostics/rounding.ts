// Output rounding for stored diagnostics (local_moran 6 decimals, composites 2): the
// same half-away-from-zero rounding, matching PostgreSQL numeric, as every other stored number.
export { roundHalfAwayFromZero as roundTo } from '../scoring/rounding';
