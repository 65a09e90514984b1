import { premiumAdjustment, sanctionsLoading, type PremiumInputs } from './premium';

const base: PremiumInputs = {
  risk_score: 25,
  sanctions_match_type: null,
  psc_deficiency_count_12m: 0,
  psc_detained_12m: false,
  dark_events_90d: 0,
};

describe('premium adjustment', () => {
  it('is 1.0 at a score of 25 with no other loading', () => {
    const p = premiumAdjustment(base);
    expect(p.factors).toEqual({
      risk_score_contribution: 0,
      sanctions_contribution: 0,
      psc_contribution: 0,
      dark_events_contribution: 0,
    });
    expect(p.premium_adjustment_factor).toBe(1);
    expect(p.clamped_at).toBeNull();
  });

  it('adds each rounded loading, by hand', () => {
    const p = premiumAdjustment({
      risk_score: 43.7,
      sanctions_match_type: 'name',
      psc_deficiency_count_12m: 3,
      psc_detained_12m: true,
      dark_events_90d: 2,
    });
    // 0.4·18.7/100 = 0.0748; name 0.25; 0.02·3 + 0.10 = 0.16; 0.03·2 = 0.06
    expect(p.factors).toEqual({
      risk_score_contribution: 0.0748,
      sanctions_contribution: 0.25,
      psc_contribution: 0.16,
      dark_events_contribution: 0.06,
    });
    expect(p.premium_adjustment_factor).toBe(1.5448);
  });

  it('rounds a contribution to 4 decimals before summing', () => {
    // 0.4·(12.3 − 25)/100 = −0.0508 exactly in decimals, −0.050800000000000005 in binary.
    const p = premiumAdjustment({ ...base, risk_score: 12.3 });
    expect(p.factors.risk_score_contribution).toBe(-0.0508);
    expect(p.premium_adjustment_factor).toBe(0.9492);
  });

  it('caps deficiencies at 10 and dark events at 10', () => {
    const p = premiumAdjustment({ ...base, psc_deficiency_count_12m: 30, dark_events_90d: 25 });
    expect(p.factors.psc_contribution).toBe(0.2);
    expect(p.factors.dark_events_contribution).toBe(0.3);
  });

  it('loads IMO and MMSI matches 0.50 and name matches 0.25', () => {
    expect(sanctionsLoading('direct_imo')).toBe(0.5);
    expect(sanctionsLoading('mmsi')).toBe(0.5);
    expect(sanctionsLoading('name')).toBe(0.25);
    expect(sanctionsLoading(null)).toBe(0);
  });

  it('reaches 2.40 at most and 0.90 at least with scores in 0..100, inside the clamp', () => {
    const high = premiumAdjustment({
      risk_score: 100,
      sanctions_match_type: 'direct_imo',
      psc_deficiency_count_12m: 10,
      psc_detained_12m: true,
      dark_events_90d: 10,
    });
    // 1 + 0.3 + 0.5 + (0.2 + 0.1) + 0.3 = 2.4
    expect(high.premium_adjustment_factor).toBe(2.4);
    expect(high.clamped_at).toBeNull();
    // 1 + 0.4·(0 − 25)/100 = 0.9
    expect(premiumAdjustment({ ...base, risk_score: 0 }).premium_adjustment_factor).toBe(0.9);
  });

  it('clamps to 0.75 below and 2.50 above, on the sum of rounded contributions', () => {
    // Out-of-range scores exercise the clamp itself: 1 + 0.4·(−100 − 25)/100 = 0.5 → 0.75.
    const low = premiumAdjustment({ ...base, risk_score: -100 });
    expect(low.unclamped_factor).toBe(0.5);
    expect(low.premium_adjustment_factor).toBe(0.75);
    expect(low.clamped_at).toBe('min');
    // 1 + 0.4·(300.03 − 25)/100 = 1 + 1.10012 → contribution 1.1001 → 2.1001 + 0.5 = 2.6001 → 2.5
    const high = premiumAdjustment({ ...base, risk_score: 300.03, sanctions_match_type: 'mmsi' });
    expect(high.factors.risk_score_contribution).toBe(1.1001);
    expect(high.unclamped_factor).toBe(2.6001);
    expect(high.premium_adjustment_factor).toBe(2.5);
    expect(high.clamped_at).toBe('max');
  });
});
