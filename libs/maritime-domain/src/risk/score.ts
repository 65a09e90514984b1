import { isDirectSanctionsStrength } from '../sanctions/strength';
import { RISK_FACTOR_RULES } from './factors';
import { invalidRiskInputFields } from './inputs';
import { riskTierOf } from './tiers';
import { RISK_FACTOR_NAMES } from './types';
import type { RiskFactorResult, RiskInputs, RiskScoreResult, RiskWeights } from './types';
import { RISK_V1_WEIGHTS, isRiskV1Weights, validateRiskWeights } from './weights';

export interface ComputeRiskScoreOptions {
  /** The scoring instant: every window ends here, and the vessel's age is counted to its year. */
  asOf: Date;
  /** A custom weight set; it must pass validateRiskWeights. Defaults to RISK_V1_WEIGHTS. */
  weights?: RiskWeights;
}

/**
 * Rounds half up to 1 decimal. The scaled value is first cut to 12 significant digits, so that
 * binary noise (249.49999999999997 for 10 × 24.95) does not decide the rounding.
 */
export function roundScore(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}

/**
 * The vessel risk score: each factor's sub-score (0..100) times its weight, summed unrounded and
 * then rounded to 1 decimal. The tier follows the rounded score, except that an IMO or MMSI
 * sanctions match forces `critical`, recorded as tier_override `sanctions_direct_match` (set
 * whenever such a match exists, even if the score is already critical).
 * Throws RangeError on inputs that break their contract or on an invalid weight set.
 */
export function computeRiskScore(
  inputs: RiskInputs,
  options: ComputeRiskScoreOptions,
): RiskScoreResult {
  const { asOf } = options;
  if (Number.isNaN(asOf.getTime())) throw new RangeError('asOf is not a valid date');
  const invalid = invalidRiskInputFields(inputs);
  if (invalid.length > 0) throw new RangeError(`invalid risk inputs: ${invalid.join(', ')}`);
  const weights = options.weights ?? RISK_V1_WEIGHTS;
  const weightErrors = validateRiskWeights(weights);
  if (weightErrors.length > 0)
    throw new RangeError(
      `invalid risk weights: ${weightErrors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
    );

  let contributionsSum = 0;
  const factors = RISK_FACTOR_NAMES.map((factor): RiskFactorResult => {
    const { window_days, rule, evaluate } = RISK_FACTOR_RULES[factor];
    const evaluation = evaluate(inputs, asOf);
    const weight = weights[factor];
    const contribution = weight * evaluation.sub_score;
    contributionsSum += contribution;
    return { factor, ...evaluation, weight, contribution, window_days, rule };
  });

  const score = roundScore(contributionsSum);
  const directMatch = isDirectSanctionsStrength(inputs.sanctions_strength);
  return {
    version: isRiskV1Weights(weights) ? 'risk-v1' : 'custom',
    score,
    tier: directMatch ? 'critical' : riskTierOf(score),
    tier_override: directMatch ? 'sanctions_direct_match' : null,
    factors,
    contributions_sum: contributionsSum,
  };
}

export interface RiskFactorDescription {
  factor: RiskFactorResult['factor'];
  weight: number;
  window_days: number | null;
  rule: string;
}

/** The factor list of a methodology description, in factor order. */
export function describeRiskFactors(
  weights: RiskWeights = RISK_V1_WEIGHTS,
): RiskFactorDescription[] {
  return RISK_FACTOR_NAMES.map((factor) => ({
    factor,
    weight: weights[factor],
    window_days: RISK_FACTOR_RULES[factor].window_days,
    rule: RISK_FACTOR_RULES[factor].rule,
  }));
}
