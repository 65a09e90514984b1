import { RISK_FACTOR_NAMES } from './types';
import type { RiskFactorName, RiskWeights } from './types';

/** The published risk-v1 weights (they sum to 1). */
export const RISK_V1_WEIGHTS: RiskWeights = {
  gap_duration: 0.09,
  gap_frequency: 0.09,
  location_risk: 0.09,
  flag_state: 0.09,
  vessel_age: 0.05,
  vessel_type: 0.025,
  prior_history: 0.05,
  sanctions_match: 0.09,
  sts_involvement: 0.075,
  draft_anomaly: 0.075,
  loitering: 0.075,
  identity_manipulation: 0.075,
  pi_coverage: 0.075,
  obfuscation_risk: 0.05,
};

/**
 * How far a weight set's sum may stray from 1 (absolute): far above the floating-point noise of
 * adding 14 decimals (about 1e-15), and small enough that no score moves by more than 0.0001.
 */
export const RISK_WEIGHTS_SUM_TOLERANCE = 1e-6;

export interface RiskWeightError {
  field: string;
  message: string;
}

const FACTOR_SET: ReadonlySet<string> = new Set(RISK_FACTOR_NAMES);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Field-level errors of a custom weight set (empty when valid): exactly the 14 factor names, each
 * a finite number ≥ 0, summing to 1 within RISK_WEIGHTS_SUM_TOLERANCE. Fields are reported as
 * `<path>.<factor>`, and the sum and shape as `<path>`.
 */
export function validateRiskWeights(value: unknown, path = 'weights'): RiskWeightError[] {
  if (!isPlainObject(value))
    return [{ field: path, message: 'must be an object of the 14 risk factor weights' }];
  const errors: RiskWeightError[] = [];
  for (const key of Object.keys(value))
    if (!FACTOR_SET.has(key))
      errors.push({ field: `${path}.${key}`, message: 'is not a risk factor' });
  let sum = 0;
  let allNumbers = true;
  for (const factor of RISK_FACTOR_NAMES) {
    const field = `${path}.${factor}`;
    if (!(factor in value)) {
      errors.push({ field, message: 'is required' });
      allNumbers = false;
      continue;
    }
    const weight = value[factor];
    if (typeof weight !== 'number' || !Number.isFinite(weight)) {
      errors.push({ field, message: 'must be a finite number' });
      allNumbers = false;
    } else if (weight < 0) {
      errors.push({ field, message: 'must be ≥ 0' });
      allNumbers = false;
    } else sum += weight;
  }
  if (allNumbers && Math.abs(sum - 1) > RISK_WEIGHTS_SUM_TOLERANCE)
    errors.push({ field: path, message: `weights must sum to 1 (they sum to ${sum})` });
  return errors;
}

export type ParsedRiskWeights =
  { weights: RiskWeights; errors: [] } | { weights: null; errors: RiskWeightError[] };

/** validateRiskWeights, returning the typed weights (only the 14 factors) when valid. */
export function parseRiskWeights(value: unknown, path = 'weights'): ParsedRiskWeights {
  const errors = validateRiskWeights(value, path);
  if (errors.length > 0 || !isPlainObject(value)) return { weights: null, errors };
  const weights = Object.fromEntries(
    RISK_FACTOR_NAMES.map((factor) => [factor, value[factor] as number]),
  ) as Record<RiskFactorName, number>;
  return { weights, errors: [] };
}

/** True when `weights` equals the risk-v1 weights factor by factor. */
export function isRiskV1Weights(weights: RiskWeights): boolean {
  return RISK_FACTOR_NAMES.every((factor) => weights[factor] === RISK_V1_WEIGHTS[factor]);
}
