import { RISK_FACTOR_NAMES } from './types';
import {
  RISK_V1_WEIGHTS,
  RISK_WEIGHTS_SUM_TOLERANCE,
  isRiskV1Weights,
  parseRiskWeights,
  validateRiskWeights,
} from './weights';

const equalWeights = Object.fromEntries(RISK_FACTOR_NAMES.map((f) => [f, 1 / 14]));

describe('validateRiskWeights', () => {
  it('accepts the risk-v1 weights and any other set of 14 that sums to 1', () => {
    expect(validateRiskWeights(RISK_V1_WEIGHTS)).toEqual([]);
    expect(validateRiskWeights(equalWeights)).toEqual([]);
    expect(
      validateRiskWeights({
        ...equalWeights,
        gap_duration: 1 / 14 + RISK_WEIGHTS_SUM_TOLERANCE / 2,
      }),
    ).toEqual([]);
  });

  it('refuses anything but an object', () => {
    for (const value of [null, undefined, 1, 'x', [0.5, 0.5]])
      expect(validateRiskWeights(value)).toEqual([
        { field: 'weights', message: 'must be an object of the 14 risk factor weights' },
      ]);
  });

  it('reports unknown and missing factors by field', () => {
    const { gap_duration: _dropped, ...missing } = RISK_V1_WEIGHTS;
    expect(validateRiskWeights({ ...missing, gap_lenght: 0.09 })).toEqual([
      { field: 'weights.gap_lenght', message: 'is not a risk factor' },
      { field: 'weights.gap_duration', message: 'is required' },
    ]);
  });

  it('reports weights that are not finite numbers or are negative', () => {
    const errors = validateRiskWeights(
      {
        ...RISK_V1_WEIGHTS,
        vessel_age: '0.05',
        vessel_type: Number.POSITIVE_INFINITY,
        loitering: Number.NaN,
        pi_coverage: -0.075,
      },
      'body.weights',
    );
    expect(errors).toEqual([
      { field: 'body.weights.vessel_age', message: 'must be a finite number' },
      { field: 'body.weights.vessel_type', message: 'must be a finite number' },
      { field: 'body.weights.loitering', message: 'must be a finite number' },
      { field: 'body.weights.pi_coverage', message: 'must be ≥ 0' },
    ]);
  });

  it('reports a sum away from 1 by more than the tolerance', () => {
    const errors = validateRiskWeights({ ...equalWeights, gap_duration: 1 / 14 + 2e-6 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      field: 'weights',
      message: expect.stringMatching(/sum to 1/) as unknown as string,
    });
    expect(validateRiskWeights({ ...RISK_V1_WEIGHTS, gap_duration: 0 })).toHaveLength(1);
  });
});

describe('parseRiskWeights', () => {
  it('returns the 14 weights when valid, and the errors otherwise', () => {
    const parsed = parseRiskWeights({ ...equalWeights });
    expect(parsed.errors).toEqual([]);
    expect(Object.keys(parsed.weights ?? {})).toEqual([...RISK_FACTOR_NAMES]);
    expect(parseRiskWeights({})).toMatchObject({ weights: null });
    expect(parseRiskWeights({}).errors).toHaveLength(14);
  });
});

describe('isRiskV1Weights', () => {
  it('recognises the standard weights only', () => {
    expect(isRiskV1Weights({ ...RISK_V1_WEIGHTS })).toBe(true);
    expect(isRiskV1Weights(parseRiskWeights(equalWeights).weights ?? RISK_V1_WEIGHTS)).toBe(false);
  });
});
