import { reweightRiskScore } from './reweight';
import { computeRiskScore } from './score';
import { RISK_FACTOR_NAMES, type RiskWeights } from './types';
import { RISK_V1_WEIGHTS } from './weights';
import { cleanInputs } from './risk.fixture';

const asOf = new Date('2026-03-31T23:59:59Z');

describe('reweightRiskScore', () => {
  it('gives exactly what computeRiskScore gives with the same weights', () => {
    const inputs = {
      ...cleanInputs(),
      dark_events_90d: 4,
      dark_event_hours_90d: 60,
      draft_anomalies_180d: 2,
    };
    const custom = Object.fromEntries(
      RISK_FACTOR_NAMES.map((f) => [f, f === 'gap_frequency' ? 0.3 : 0.7 / 13]),
    ) as RiskWeights;
    const direct = computeRiskScore(inputs, { asOf, weights: custom });
    const stored = computeRiskScore(inputs, { asOf });
    const reweighted = reweightRiskScore(stored, custom);
    expect(reweighted.score).toBe(direct.score);
    expect(reweighted.tier).toBe(direct.tier);
    expect(reweighted.version).toBe('custom');
    expect(reweighted.contributions_sum).toBeCloseTo(direct.contributions_sum, 12);
    expect(reweightRiskScore(stored, RISK_V1_WEIGHTS).score).toBe(stored.score);
  });

  it('keeps a sanctions override, and refuses weights that do not sum to 1', () => {
    const stored = computeRiskScore(
      { ...cleanInputs(), sanctions_strength: 'direct_imo' },
      { asOf },
    );
    const zeroOnSanctions = { ...RISK_V1_WEIGHTS, sanctions_match: 0, gap_duration: 0.18 };
    const reweighted = reweightRiskScore(stored, zeroOnSanctions);
    expect(reweighted.tier).toBe('critical');
    expect(reweighted.tier_override).toBe('sanctions_direct_match');
    expect(() => reweightRiskScore(stored, { ...RISK_V1_WEIGHTS, gap_duration: 0.5 })).toThrow(
      RangeError,
    );
  });
});
