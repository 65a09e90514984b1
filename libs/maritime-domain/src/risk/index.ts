export { RISK_FACTOR_RULES } from './factors';
export type { FactorEvaluation, RiskFactorRule } from './factors';
export { invalidRiskInputFields } from './inputs';
export { piCoverStateFromPolicies } from './pi-cover';
export type { PiPolicy } from './pi-cover';
export { reweightRiskScore } from './reweight';
export { computeRiskScore, describeRiskFactors, roundScore } from './score';
export type { ComputeRiskScoreOptions, RiskFactorDescription } from './score';
export {
  FLAG_CATEGORY_SUB_SCORES,
  PI_CLUB_TIER_SUB_SCORES,
  VESSEL_TYPE_SUB_SCORES,
  vesselAgeYears,
} from './sub-scores';
export { RISK_TIERS, riskTierOf } from './tiers';
export type { RiskTierBand } from './tiers';
export { FLAG_CATEGORIES, RISK_FACTOR_NAMES, VESSEL_TYPES } from './types';
export type {
  ClubRiskTier,
  FlagCategory,
  PiCoverState,
  RiskFactorName,
  RiskFactorResult,
  RiskInputs,
  RiskRawValue,
  RiskScoreResult,
  RiskTier,
  RiskTierOverride,
  RiskWeights,
  VesselType,
} from './types';
export {
  RISK_V1_WEIGHTS,
  RISK_WEIGHTS_SUM_TOLERANCE,
  isRiskV1Weights,
  parseRiskWeights,
  validateRiskWeights,
} from './weights';
export type { ParsedRiskWeights, RiskWeightError } from './weights';
