// The claims and premium records as the tests read them, and the recomputation of their numbers
// from nothing but the inputs each response returns.
import { logistic, round4 } from './insurance-fixtures';

export interface ClaimsReply {
  imo: string;
  vessel: {
    name: string;
    vessel_type: string;
    build_year: number;
    risk_score: number;
    risk_tier: string;
  };
  claims_probability: number;
  risk_factors: {
    age_bucket: string;
    psc_detained_12m: boolean;
    psc_deficiency_count_12m: number;
    sanctions_match: boolean;
    dark_events_90d: number;
    incident_proxy: number;
  };
  model: {
    intercept: number;
    coefficients: Record<string, number>;
    caps: Record<string, number>;
    coded_inputs: Record<string, number>;
    z: number;
  };
  as_of: string;
  tier: string;
}

export interface PremiumReply {
  imo: string;
  vessel: { risk_score: number; risk_tier: string };
  premium_adjustment_factor: number;
  factors: Record<
    | 'risk_score_contribution'
    | 'sanctions_contribution'
    | 'psc_contribution'
    | 'dark_events_contribution',
    number
  >;
  inputs: {
    risk_score: number;
    sanctions_match_type: string | null;
    psc_deficiency_count_12m: number;
    psc_detained_12m: boolean;
    dark_events_90d: number;
  };
  unclamped_factor: number;
  clamp: { min: number; max: number };
  clamped_at: string | null;
  tier: string;
}

const AGE_CODES: Record<string, number> = { '0-9': 0, '10-14': 1, '15-19': 2, '20+': 3 };

/** z and the probability recomputed from the response's own inputs and coefficients. */
export function recomputeClaims(body: ClaimsReply): { z: number; probability: number } {
  const f = body.risk_factors;
  const c = body.model.coefficients;
  const caps = body.model.caps;
  const z =
    body.model.intercept +
    c['age_bucket']! * AGE_CODES[f.age_bucket]! +
    c['psc_detained_12m']! * (f.psc_detained_12m ? 1 : 0) +
    c['psc_deficiency_count_12m']! *
      Math.min(f.psc_deficiency_count_12m, caps['psc_deficiency_count_12m']!) +
    c['sanctions_match']! * (f.sanctions_match ? 1 : 0) +
    c['dark_events_90d']! * Math.min(f.dark_events_90d, caps['dark_events_90d']!) +
    c['incident_proxy']! * Math.min(f.incident_proxy, caps['incident_proxy']!);
  return { z, probability: logistic(z) };
}

/** The premium recomputed from the response's inputs: contributions rounded, then clamped. */
export function recomputePremium(body: PremiumReply): { factors: number[]; value: number } {
  const i = body.inputs;
  const sanctions =
    i.sanctions_match_type === 'direct_imo' || i.sanctions_match_type === 'mmsi'
      ? 0.5
      : i.sanctions_match_type === 'name'
        ? 0.25
        : 0;
  const factors = [
    round4((0.4 * (i.risk_score - 25)) / 100),
    sanctions,
    round4(0.02 * Math.min(i.psc_deficiency_count_12m, 10) + 0.1 * (i.psc_detained_12m ? 1 : 0)),
    round4(0.03 * Math.min(i.dark_events_90d, 10)),
  ];
  const sum = 1 + factors.reduce((s, x) => s + x, 0);
  return { factors, value: Math.min(2.5, Math.max(0.75, sum)) };
}
