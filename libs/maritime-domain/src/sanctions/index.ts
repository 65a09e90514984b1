export { normaliseName, tokenSorted } from './normalise';
export { matchVesselAgainstEntry, screenFleet } from './match';
export {
  SANCTIONS_FIELD_STRENGTH,
  SANCTIONS_MATCH_STRENGTH,
  SANCTIONS_STRENGTHS,
  SANCTIONS_STRENGTH_SUB_SCORES,
  compareSanctionsMatches,
  isDirectSanctionsStrength,
  sanctionsStrengthOf,
  strongestSanctionsMatch,
  strongestSanctionsStrength,
} from './strength';
export type { SanctionsStrength } from './strength';
export type {
  FleetSanctionsMatch,
  SanctionsEntry,
  SanctionsMatch,
  SanctionsMatchedField,
  SanctionsMatchType,
  ScreenedVessel,
} from './types';
