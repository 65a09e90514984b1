export {
  AGE_BUCKETS,
  CLAIMS_CAPS,
  CLAIMS_COEFFICIENTS,
  CLAIMS_INPUT_ORDER,
  CLAIMS_INTERCEPT,
  CLAIMS_MODEL_VERSION,
  ageBucketCode,
  ageBucketOf,
  codeClaimsInputs,
  logistic,
  predictClaims,
} from './claims';
export type { AgeBucket, ClaimsInputName, ClaimsPrediction, ClaimsRiskFactors } from './claims';
export {
  PREMIUM_BASELINE,
  PREMIUM_CLAMP,
  premiumAdjustment,
  premiumContributions,
  sanctionsLoading,
} from './premium';
export type { PremiumAdjustment, PremiumContributions, PremiumInputs } from './premium';
export { poolStats } from './pool';
export type { PoolStats } from './pool';
export { roundTo } from './rounding';
export { brierScore, rocAuc } from './validation';
export { claimsRiskFactors, premiumInputs, strongestMatchType } from './facts';
export type { InsuranceFacts } from './facts';
