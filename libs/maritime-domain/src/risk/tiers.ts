import type { RiskTier } from './types';

export interface RiskTierBand {
  tier: RiskTier;
  /** Inclusive lower bound. */
  min: number;
  /** Exclusive upper bound, except critical's, which includes 100. */
  max: number;
}

/** The complete set of tiers: low [0,25), medium [25,50), high [50,70), critical [70,100]. */
export const RISK_TIERS: readonly RiskTierBand[] = [
  { tier: 'low', min: 0, max: 25 },
  { tier: 'medium', min: 25, max: 50 },
  { tier: 'high', min: 50, max: 70 },
  { tier: 'critical', min: 70, max: 100 },
];

/** The tier of a score (the rounded score, so that a shown 25.0 always reads medium). */
export function riskTierOf(score: number): RiskTier {
  if (score >= 70) return 'critical';
  if (score >= 50) return 'high';
  if (score >= 25) return 'medium';
  return 'low';
}
