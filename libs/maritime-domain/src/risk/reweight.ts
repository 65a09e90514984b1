import { riskTierOf } from './tiers';
import type { RiskFactorResult, RiskScoreResult, RiskWeights } from './types';
import { isRiskV1Weights, validateRiskWeights } from './weights';
import { roundScore } from './score';

/**
 * The same vessel scored with another weight set. Sub-scores do not depend on weights, so a
 * stored risk-v1 breakdown is enough: each contribution becomes weight · sub-score, the score
 * their unrounded sum rounded to 1 decimal, and a sanctions override stays an override (it comes
 * from the facts, not the weights).
 */
export function reweightRiskScore(
  stored: Pick<RiskScoreResult, 'factors' | 'tier_override'>,
  weights: RiskWeights,
): RiskScoreResult {
  const errors = validateRiskWeights(weights);
  if (errors.length > 0) throw new RangeError(`invalid risk weights: ${errors[0]?.field ?? ''}`);
  let sum = 0;
  const factors = stored.factors.map((factor): RiskFactorResult => {
    const weight = weights[factor.factor];
    const contribution = weight * factor.sub_score;
    sum += contribution;
    return { ...factor, weight, contribution };
  });
  const score = roundScore(sum);
  return {
    version: isRiskV1Weights(weights) ? 'risk-v1' : 'custom',
    score,
    tier: stored.tier_override === null ? riskTierOf(score) : 'critical',
    tier_override: stored.tier_override,
    factors,
    contributions_sum: sum,
  };
}
