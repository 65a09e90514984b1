import type { SanctionsMatchType } from '../sanctions/types';
import { round4 } from './rounding';

export const PREMIUM_BASELINE = 1.0;
export const PREMIUM_CLAMP = { min: 0.75, max: 2.5 } as const;

/** The facts behind the premium adjustment. */
export interface PremiumInputs {
  /** The stored risk-v1 score, 0..100. */
  risk_score: number;
  /** The strongest sanctions match type, or null when there is none. */
  sanctions_match_type: SanctionsMatchType | null;
  psc_deficiency_count_12m: number;
  psc_detained_12m: boolean;
  dark_events_90d: number;
}

export interface PremiumContributions {
  risk_score_contribution: number;
  sanctions_contribution: number;
  psc_contribution: number;
  dark_events_contribution: number;
}

export interface PremiumAdjustment {
  /** Each loading, rounded to 4 decimals before it is summed. */
  factors: PremiumContributions;
  /** 1 + Σ rounded contributions (4 decimals), before the clamp. */
  unclamped_factor: number;
  /** clamp(unclamped, 0.75, 2.50). */
  premium_adjustment_factor: number;
  /** `min` or `max` when the clamp changed the value, else null. */
  clamped_at: 'min' | 'max' | null;
}

/** The sanctions loading: 0.50 for an IMO or MMSI match, 0.25 for a name match, else 0. */
export function sanctionsLoading(matchType: SanctionsMatchType | null): number {
  if (matchType === 'direct_imo' || matchType === 'mmsi') return 0.5;
  if (matchType === 'name') return 0.25;
  return 0;
}

/** Each loading of the premium adjustment, rounded to 4 decimals. */
export function premiumContributions(inputs: PremiumInputs): PremiumContributions {
  return {
    risk_score_contribution: round4((0.4 * (inputs.risk_score - 25)) / 100),
    sanctions_contribution: round4(sanctionsLoading(inputs.sanctions_match_type)),
    psc_contribution: round4(
      0.02 * Math.min(inputs.psc_deficiency_count_12m, 10) +
        0.1 * (inputs.psc_detained_12m ? 1 : 0),
    ),
    dark_events_contribution: round4(0.03 * Math.min(inputs.dark_events_90d, 10)),
  };
}

/**
 * premium_adjustment_factor = clamp(1 + Σ contributions, 0.75, 2.50), where the sum uses the
 * contributions already rounded to 4 decimals. Above 1 suggests a loading, below 1 a discount.
 */
export function premiumAdjustment(inputs: PremiumInputs): PremiumAdjustment {
  const factors = premiumContributions(inputs);
  const unclamped = round4(
    PREMIUM_BASELINE +
      factors.risk_score_contribution +
      factors.sanctions_contribution +
      factors.psc_contribution +
      factors.dark_events_contribution,
  );
  const value = Math.min(PREMIUM_CLAMP.max, Math.max(PREMIUM_CLAMP.min, unclamped));
  return {
    factors,
    unclamped_factor: unclamped,
    premium_adjustment_factor: value,
    clamped_at:
      unclamped < PREMIUM_CLAMP.min ? 'min' : unclamped > PREMIUM_CLAMP.max ? 'max' : null,
  };
}
