import fc from 'fast-check';
import { AS_OF, cleanInputs } from './risk.fixture';
import { computeRiskScore, describeRiskFactors, roundScore } from './score';
import { RISK_TIERS, riskTierOf } from './tiers';
import { FLAG_CATEGORIES, RISK_FACTOR_NAMES, VESSEL_TYPES } from './types';
import type { RiskInputs, RiskWeights } from './types';
import { RISK_V1_WEIGHTS } from './weights';

/** All weight on one factor, so the score equals that factor's sub-score. */
function onlyWeight(factor: (typeof RISK_FACTOR_NAMES)[number]): RiskWeights {
  const weights = Object.fromEntries(RISK_FACTOR_NAMES.map((f) => [f, f === factor ? 1 : 0]));
  return weights as RiskWeights;
}

const COUNT_INPUTS = [
  'dark_events_90d',
  'dark_events_in_risk_zone_90d',
  'psc_detentions_36m',
  'prior_critical_alerts',
  'sts_events_outside_risk_areas_180d',
  'sts_events_in_risk_areas_180d',
  'draft_anomalies_180d',
  'name_flag_changes_24m',
  'mmsi_changes_24m',
  'spoofing_alerts_90d',
  'route_deceptions_180d',
] as const;
const HOUR_INPUTS = ['dark_event_hours_90d', 'loitering_hours_90d'] as const;

const arbitraryInputs: fc.Arbitrary<RiskInputs> = fc.record({
  dark_event_hours_90d: fc.double({ min: 0, max: 2000, noNaN: true }),
  dark_events_90d: fc.nat(30),
  dark_events_in_risk_zone_90d: fc.nat(10),
  flag_category: fc.option(fc.constantFrom(...FLAG_CATEGORIES)),
  build_year: fc.option(fc.integer({ min: 1950, max: 2030 })),
  vessel_type: fc.constantFrom(...VESSEL_TYPES),
  psc_detentions_36m: fc.nat(8),
  prior_critical_alerts: fc.nat(8),
  sanctions_strength: fc.constantFrom('direct_imo', 'mmsi', 'vessel_name', 'company_name', 'none'),
  sts_events_outside_risk_areas_180d: fc.nat(8),
  sts_events_in_risk_areas_180d: fc.nat(8),
  draft_anomalies_180d: fc.nat(8),
  loitering_hours_90d: fc.double({ min: 0, max: 500, noNaN: true }),
  name_flag_changes_24m: fc.nat(8),
  mmsi_changes_24m: fc.nat(8),
  pi_cover: fc.oneof(
    fc.constant({ state: 'active_ig' as const }),
    fc.constantFrom('low', 'medium', 'high').map((club_risk_tier) => ({
      state: 'active_non_ig' as const,
      club_risk_tier,
    })),
    fc.constant({ state: 'lapsed_within_12m' as const }),
    fc.constant({ state: 'none' as const }),
  ),
  spoofing_alerts_90d: fc.nat(8),
  route_deceptions_180d: fc.nat(8),
});

describe('computeRiskScore', () => {
  it('lists the 14 factors in order, with the risk-v1 weights summing to 1', () => {
    const result = computeRiskScore(cleanInputs(), { asOf: AS_OF });
    expect(result.factors.map((f) => f.factor)).toEqual([...RISK_FACTOR_NAMES]);
    expect(result.factors.map((f) => f.weight)).toEqual([
      0.09, 0.09, 0.09, 0.09, 0.05, 0.025, 0.05, 0.09, 0.075, 0.075, 0.075, 0.075, 0.075, 0.05,
    ]);
    const sum = RISK_FACTOR_NAMES.reduce((total, f) => total + RISK_V1_WEIGHTS[f], 0);
    expect(sum).toBeCloseTo(1, 12);
    expect(result.version).toBe('risk-v1');
  });

  it('scores a clean passenger vessel at its type contribution only', () => {
    const result = computeRiskScore(cleanInputs(), { asOf: AS_OF });
    expect(result).toMatchObject({ score: 0.3, tier: 'low', tier_override: null });
    expect(result.contributions_sum).toBeCloseTo(0.25, 12);
  });

  it('sums the unrounded contributions and rounds only the total', () => {
    // Three factors at 46.67, 33.33 and 23.61: their contributions rounded one by one would add
    // to a different first decimal than the exact sum.
    const inputs = cleanInputs({
      build_year: AS_OF.getUTCFullYear() - 17,
      dark_event_hours_90d: 80,
      loitering_hours_90d: 17,
      vessel_type: 'tanker',
    });
    const result = computeRiskScore(inputs, { asOf: AS_OF });
    const exact = result.factors.reduce((total, f) => total + f.weight * f.sub_score, 0);
    expect(result.contributions_sum).toBeCloseTo(exact, 12);
    expect(result.score).toBe(roundScore(exact));
    for (const f of result.factors) expect(f.contribution).toBe(f.weight * f.sub_score);
  });

  it('scores a vessel with everything against it at 100, critical', () => {
    const worst = cleanInputs({
      dark_event_hours_90d: 240,
      dark_events_90d: 10,
      dark_events_in_risk_zone_90d: 3,
      flag_category: 'sanctioned',
      build_year: 1990,
      vessel_type: 'tanker',
      psc_detentions_36m: 4,
      sanctions_strength: 'direct_imo',
      sts_events_in_risk_areas_180d: 2,
      draft_anomalies_180d: 3,
      loitering_hours_90d: 72,
      mmsi_changes_24m: 2,
      pi_cover: { state: 'none' },
      spoofing_alerts_90d: 4,
    });
    const result = computeRiskScore(worst, { asOf: AS_OF });
    // vessel_type is the one factor below 100 (tanker 80 · 0.025 = 2 points short).
    expect(result.score).toBe(99.5);
    expect(result.tier).toBe('critical');
  });

  it('keeps the rounded contributions within 0.15 of the score', () => {
    fc.assert(
      fc.property(arbitraryInputs, (inputs) => {
        const result = computeRiskScore(inputs, { asOf: AS_OF });
        const rounded = result.factors.reduce(
          (total, f) => total + Math.round(f.contribution * 100) / 100,
          0,
        );
        expect(Math.abs(rounded - result.score)).toBeLessThanOrEqual(0.15);
      }),
    );
  });

  it('keeps the score in [0, 100] and never lowers it when a count or duration grows', () => {
    fc.assert(
      fc.property(
        arbitraryInputs,
        fc.constantFrom(...COUNT_INPUTS, ...HOUR_INPUTS),
        fc.integer({ min: 1, max: 50 }),
        (inputs, field, more) => {
          const before = computeRiskScore(inputs, { asOf: AS_OF });
          const after = computeRiskScore(
            { ...inputs, [field]: inputs[field] + more },
            { asOf: AS_OF },
          );
          expect(before.score).toBeGreaterThanOrEqual(0);
          expect(after.score).toBeLessThanOrEqual(100);
          expect(after.score).toBeGreaterThanOrEqual(before.score);
          expect(after.contributions_sum).toBeGreaterThanOrEqual(before.contributions_sum);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gets older vessels a score at least as high', () => {
    fc.assert(
      fc.property(arbitraryInputs, fc.integer({ min: 1, max: 40 }), (inputs, older) => {
        const year = inputs.build_year ?? 2000;
        const young = computeRiskScore({ ...inputs, build_year: year }, { asOf: AS_OF });
        const old = computeRiskScore({ ...inputs, build_year: year - older }, { asOf: AS_OF });
        expect(old.score).toBeGreaterThanOrEqual(young.score);
      }),
    );
  });

  it('forces critical on an IMO or MMSI sanctions match, whatever the score', () => {
    for (const sanctions_strength of ['direct_imo', 'mmsi'] as const) {
      const result = computeRiskScore(cleanInputs({ sanctions_strength }), { asOf: AS_OF });
      expect(result.score).toBeLessThan(25);
      expect(result).toMatchObject({ tier: 'critical', tier_override: 'sanctions_direct_match' });
    }
    for (const sanctions_strength of ['vessel_name', 'company_name', 'none'] as const) {
      const result = computeRiskScore(cleanInputs({ sanctions_strength }), { asOf: AS_OF });
      expect(result).toMatchObject({ tier: 'low', tier_override: null });
    }
  });

  it('takes the tier from the rounded score at each boundary', () => {
    const weights = onlyWeight('gap_duration');
    const at = (hours: number) =>
      computeRiskScore(cleanInputs({ dark_event_hours_90d: hours }), { asOf: AS_OF, weights });
    // 100·h/240 = the score: 59.856 h → 24.94, 59.88 h → 24.95, 60 h → 25.
    expect(at(59.856)).toMatchObject({ score: 24.9, tier: 'low' });
    expect(at(59.88)).toMatchObject({ score: 25, tier: 'medium' });
    expect(at(60)).toMatchObject({ score: 25, tier: 'medium' });
    expect(at(119.856)).toMatchObject({ score: 49.9, tier: 'medium' });
    expect(at(120)).toMatchObject({ score: 50, tier: 'high' });
    expect(at(167.856)).toMatchObject({ score: 69.9, tier: 'high' });
    expect(at(168)).toMatchObject({ score: 70, tier: 'critical' });
    expect(at(240)).toMatchObject({ score: 100, tier: 'critical' });
  });

  it('scores with a custom weight set and reports it as custom', () => {
    const inputs = cleanInputs({ dark_events_90d: 5, flag_category: 'open_registry' });
    const standard = computeRiskScore(inputs, { asOf: AS_OF });
    const custom = computeRiskScore(inputs, { asOf: AS_OF, weights: onlyWeight('gap_frequency') });
    expect(standard).toMatchObject({ version: 'risk-v1', score: 7.9 });
    expect(custom).toMatchObject({ version: 'custom', score: 50, tier: 'high' });
    const copy = computeRiskScore(inputs, { asOf: AS_OF, weights: { ...RISK_V1_WEIGHTS } });
    expect(copy.version).toBe('risk-v1');
  });

  it('refuses invalid weights and inputs', () => {
    const badWeights = { ...RISK_V1_WEIGHTS, gap_duration: 0.5 };
    expect(() => computeRiskScore(cleanInputs(), { asOf: AS_OF, weights: badWeights })).toThrow(
      /sum to 1/,
    );
    expect(() => computeRiskScore(cleanInputs({ dark_events_90d: -1 }), { asOf: AS_OF })).toThrow(
      /dark_events_90d/,
    );
    expect(() => computeRiskScore(cleanInputs({ mmsi_changes_24m: 1.5 }), { asOf: AS_OF })).toThrow(
      /mmsi_changes_24m/,
    );
    expect(() =>
      computeRiskScore(cleanInputs({ loitering_hours_90d: Number.NaN }), { asOf: AS_OF }),
    ).toThrow(/loitering_hours_90d/);
    const badCover = {
      state: 'active_non_ig',
      club_risk_tier: 'extreme',
    } as unknown as RiskInputs['pi_cover'];
    expect(() => computeRiskScore(cleanInputs({ pi_cover: badCover }), { asOf: AS_OF })).toThrow(
      /pi_cover/,
    );
    expect(() => computeRiskScore(cleanInputs(), { asOf: new Date('nope') })).toThrow(/asOf/);
  });
});

describe('risk tiers', () => {
  it('covers [0, 100] with low, medium, high and critical', () => {
    expect(RISK_TIERS).toEqual([
      { tier: 'low', min: 0, max: 25 },
      { tier: 'medium', min: 25, max: 50 },
      { tier: 'high', min: 50, max: 70 },
      { tier: 'critical', min: 70, max: 100 },
    ]);
  });

  it('puts each boundary in the upper tier', () => {
    const cases: [number, string][] = [
      [0, 'low'],
      [24.99, 'low'],
      [25, 'medium'],
      [49.99, 'medium'],
      [50, 'high'],
      [69.99, 'high'],
      [70, 'critical'],
      [100, 'critical'],
    ];
    for (const [score, tier] of cases) expect(riskTierOf(score)).toBe(tier);
  });
});

describe('roundScore', () => {
  it('rounds half up to one decimal despite binary noise', () => {
    expect(roundScore(24.95)).toBe(25);
    expect(roundScore(24.949999999999996)).toBe(25);
    expect(roundScore(24.94)).toBe(24.9);
    expect(roundScore(0.05)).toBe(0.1);
    expect(roundScore(0)).toBe(0);
    expect(roundScore(100)).toBe(100);
  });
});

describe('describeRiskFactors', () => {
  it('lists each factor with its weight, window and rule', () => {
    const described = describeRiskFactors();
    expect(described).toHaveLength(14);
    expect(described[0]).toEqual({
      factor: 'gap_duration',
      weight: 0.09,
      window_days: 90,
      rule: expect.stringContaining('240') as unknown as string,
    });
  });
});
