import { round4 } from './rounding';

/** Vessel age bands of the claims model, coded 0..3 in this order. */
export const AGE_BUCKETS = ['0-9', '10-14', '15-19', '20+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The band of an age in whole years: 0-9, 10-14, 15-19, 20 and over. */
export function ageBucketOf(ageYears: number): AgeBucket {
  if (ageYears >= 20) return '20+';
  if (ageYears >= 15) return '15-19';
  if (ageYears >= 10) return '10-14';
  return '0-9';
}

/** The code `a` of a band (0..3); an unknown age (null) codes as 0. */
export function ageBucketCode(bucket: AgeBucket | null): number {
  return bucket === null ? 0 : AGE_BUCKETS.indexOf(bucket);
}

/** The six risk factors of claims-v1, as the claims-prediction route reports them. */
export interface ClaimsRiskFactors {
  /** null when the build year is unknown (coded as 0). */
  age_bucket: AgeBucket | null;
  psc_detained_12m: boolean;
  psc_deficiency_count_12m: number;
  sanctions_match: boolean;
  dark_events_90d: number;
  /** Unplanned stops at sea (≥ 12 h outside ports and zones) in 12 months. */
  incident_proxy: number;
}

export type ClaimsInputName = keyof ClaimsRiskFactors;

export const CLAIMS_MODEL_VERSION = 'claims-v1';
export const CLAIMS_INTERCEPT = -3.2;

/** Coefficient per coded input. */
export const CLAIMS_COEFFICIENTS: Readonly<Record<ClaimsInputName, number>> = {
  age_bucket: 0.35,
  psc_detained_12m: 0.9,
  psc_deficiency_count_12m: 0.08,
  sanctions_match: 1.1,
  dark_events_90d: 0.12,
  incident_proxy: 0.45,
};

/** Counts enter the model capped at these values. */
export const CLAIMS_CAPS = {
  psc_deficiency_count_12m: 20,
  dark_events_90d: 15,
  incident_proxy: 5,
} as const;

export const CLAIMS_INPUT_ORDER: readonly ClaimsInputName[] = [
  'age_bucket',
  'psc_detained_12m',
  'psc_deficiency_count_12m',
  'sanctions_match',
  'dark_events_90d',
  'incident_proxy',
];

export interface ClaimsPrediction {
  /** Each input as it enters z: the age code, 1/0 for booleans, counts after their caps. */
  coded_inputs: Record<ClaimsInputName, number>;
  /** intercept + Σ coefficient · coded input (4 decimals; exact for these coefficients). */
  z: number;
  /** 1 / (1 + e^−z), 4 decimals. */
  probability: number;
}

/** The coded inputs of the logistic model. */
export function codeClaimsInputs(f: ClaimsRiskFactors): Record<ClaimsInputName, number> {
  return {
    age_bucket: ageBucketCode(f.age_bucket),
    psc_detained_12m: f.psc_detained_12m ? 1 : 0,
    psc_deficiency_count_12m: Math.min(
      f.psc_deficiency_count_12m,
      CLAIMS_CAPS.psc_deficiency_count_12m,
    ),
    sanctions_match: f.sanctions_match ? 1 : 0,
    dark_events_90d: Math.min(f.dark_events_90d, CLAIMS_CAPS.dark_events_90d),
    incident_proxy: Math.min(f.incident_proxy, CLAIMS_CAPS.incident_proxy),
  };
}

/**
 * claims-v1: z = −3.2 + 0.35·a + 0.9·detained + 0.08·min(def,20) + 1.1·sanctioned
 * + 0.12·min(dark,15) + 0.45·min(incident,5), probability = logistic(z) to 4 decimals.
 * A new, clean vessel: z = −3.2, probability 0.0392.
 */
export function predictClaims(factors: ClaimsRiskFactors): ClaimsPrediction {
  const coded = codeClaimsInputs(factors);
  let z = CLAIMS_INTERCEPT;
  for (const name of CLAIMS_INPUT_ORDER) z += CLAIMS_COEFFICIENTS[name] * coded[name];
  return { coded_inputs: coded, z: round4(z), probability: round4(logistic(z)) };
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
