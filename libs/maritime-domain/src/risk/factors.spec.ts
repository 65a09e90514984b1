import { AS_OF, factorOf } from './risk.fixture';
import type { RiskInputs } from './types';

function subScore(factor: Parameters<typeof factorOf>[0], overrides: Partial<RiskInputs>): number {
  return factorOf(factor, overrides).sub_score;
}

describe('risk-v1 factors', () => {
  it('gap_duration: 100·h/240, capped from 240 h', () => {
    expect(subScore('gap_duration', { dark_event_hours_90d: 0 })).toBe(0);
    expect(subScore('gap_duration', { dark_event_hours_90d: 120 })).toBe(50);
    expect(subScore('gap_duration', { dark_event_hours_90d: 6 })).toBeCloseTo(2.5, 12);
    expect(subScore('gap_duration', { dark_event_hours_90d: 239.9 })).toBeCloseTo(99.958333, 5);
    expect(subScore('gap_duration', { dark_event_hours_90d: 240 })).toBe(100);
    expect(subScore('gap_duration', { dark_event_hours_90d: 1000 })).toBe(100);
    const factor = factorOf('gap_duration', { dark_event_hours_90d: 48.5 });
    expect(factor).toMatchObject({ raw_value: 48.5, weight: 0.09, window_days: 90 });
  });

  it('gap_frequency: 10 per gap, capped at 10 gaps', () => {
    expect(
      [0, 1, 3, 9, 10, 11, 40].map((n) => subScore('gap_frequency', { dark_events_90d: n })),
    ).toEqual([0, 10, 30, 90, 100, 100, 100]);
  });

  it('location_risk: 40 per gap in a risk zone', () => {
    expect(
      [0, 1, 2, 3, 7].map((n) => subScore('location_risk', { dark_events_in_risk_zone_90d: n })),
    ).toEqual([0, 40, 80, 100, 100]);
  });

  it('flag_state: by registry category, an unknown flag as standard', () => {
    expect(subScore('flag_state', { flag_category: 'sanctioned' })).toBe(100);
    expect(subScore('flag_state', { flag_category: 'high_risk' })).toBe(70);
    expect(subScore('flag_state', { flag_category: 'open_registry' })).toBe(35);
    expect(subScore('flag_state', { flag_category: 'standard' })).toBe(0);
    expect(factorOf('flag_state', { flag_category: null })).toMatchObject({
      raw_value: null,
      sub_score: 0,
      window_days: null,
    });
  });

  it('vessel_age: whole years to the scoring year, 0 to 10 years, linear to 100 at 25', () => {
    const year = AS_OF.getUTCFullYear();
    const age = (years: number) => factorOf('vessel_age', { build_year: year - years });
    expect(age(0)).toMatchObject({ raw_value: 0, sub_score: 0 });
    expect(age(10)).toMatchObject({ raw_value: 10, sub_score: 0 });
    expect(age(11).sub_score).toBeCloseTo(100 / 15, 12);
    expect(age(17).sub_score).toBeCloseTo(46.666667, 5);
    expect(age(25)).toMatchObject({ raw_value: 25, sub_score: 100 });
    expect(age(40)).toMatchObject({ raw_value: 40, sub_score: 100 });
    // A build year after the scoring year reads as new, and an unknown one scores 0.
    expect(factorOf('vessel_age', { build_year: year + 1 })).toMatchObject({
      raw_value: 0,
      sub_score: 0,
    });
    expect(factorOf('vessel_age', { build_year: null })).toMatchObject({
      raw_value: null,
      sub_score: 0,
    });
  });

  it('vessel_age counts calendar years, so 1 January adds a year', () => {
    const newYearsEve = new Date('2024-12-31T23:59:59.999Z');
    const newYear = new Date('2025-01-01T00:00:00.000Z');
    expect(factorOf('vessel_age', { build_year: 2000 }, newYearsEve).raw_value).toBe(24);
    expect(factorOf('vessel_age', { build_year: 2000 }, newYear).raw_value).toBe(25);
  });

  it('vessel_type: every one of the 11 types', () => {
    const expected: Record<RiskInputs['vessel_type'], number> = {
      tanker: 80,
      chemical_tanker: 70,
      fishing: 60,
      lng_carrier: 50,
      other: 50,
      bulk_carrier: 40,
      general_cargo: 40,
      cargo: 40,
      container: 20,
      service: 20,
      passenger: 10,
    };
    for (const [vessel_type, score] of Object.entries(expected))
      expect(
        subScore('vessel_type', { vessel_type: vessel_type as RiskInputs['vessel_type'] }),
      ).toBe(score);
  });

  it('prior_history: 25 per PSC detention or prior critical alert', () => {
    expect(subScore('prior_history', { psc_detentions_36m: 1 })).toBe(25);
    expect(subScore('prior_history', { prior_critical_alerts: 2 })).toBe(50);
    const both = factorOf('prior_history', { psc_detentions_36m: 1, prior_critical_alerts: 2 });
    expect(both).toMatchObject({ raw_value: 3, sub_score: 75 });
    expect(subScore('prior_history', { psc_detentions_36m: 2, prior_critical_alerts: 2 })).toBe(
      100,
    );
    expect(subScore('prior_history', { psc_detentions_36m: 9 })).toBe(100);
  });

  it('sanctions_match: the five strengths', () => {
    expect(subScore('sanctions_match', { sanctions_strength: 'direct_imo' })).toBe(100);
    expect(subScore('sanctions_match', { sanctions_strength: 'mmsi' })).toBe(90);
    expect(subScore('sanctions_match', { sanctions_strength: 'vessel_name' })).toBe(70);
    expect(subScore('sanctions_match', { sanctions_strength: 'company_name' })).toBe(60);
    expect(subScore('sanctions_match', { sanctions_strength: 'none' })).toBe(0);
  });

  it('sts_involvement: 25 each, those in a hotspot or sanctions area counted twice', () => {
    expect(subScore('sts_involvement', { sts_events_outside_risk_areas_180d: 1 })).toBe(25);
    expect(subScore('sts_involvement', { sts_events_in_risk_areas_180d: 1 })).toBe(50);
    const mixed = factorOf('sts_involvement', {
      sts_events_outside_risk_areas_180d: 1,
      sts_events_in_risk_areas_180d: 1,
    });
    expect(mixed).toMatchObject({ raw_value: 3, sub_score: 75, window_days: 180 });
    expect(subScore('sts_involvement', { sts_events_in_risk_areas_180d: 2 })).toBe(100);
    expect(subScore('sts_involvement', { sts_events_outside_risk_areas_180d: 5 })).toBe(100);
  });

  it('draft_anomaly: 34 each, capped from the third', () => {
    expect(
      [0, 1, 2, 3, 4].map((n) => subScore('draft_anomaly', { draft_anomalies_180d: n })),
    ).toEqual([0, 34, 68, 100, 100]);
  });

  it('loitering: 100·h/72, capped from 72 h', () => {
    expect(subScore('loitering', { loitering_hours_90d: 36 })).toBe(50);
    expect(subScore('loitering', { loitering_hours_90d: 71 })).toBeCloseTo(98.611111, 5);
    expect(subScore('loitering', { loitering_hours_90d: 72 })).toBe(100);
    expect(subScore('loitering', { loitering_hours_90d: 500 })).toBe(100);
  });

  it('identity_manipulation: 35 per change, MMSI changes counted twice', () => {
    expect(subScore('identity_manipulation', { name_flag_changes_24m: 1 })).toBe(35);
    expect(subScore('identity_manipulation', { name_flag_changes_24m: 2 })).toBe(70);
    expect(subScore('identity_manipulation', { mmsi_changes_24m: 1 })).toBe(70);
    expect(
      factorOf('identity_manipulation', { name_flag_changes_24m: 1, mmsi_changes_24m: 1 }),
    ).toMatchObject({ raw_value: 3, sub_score: 100, window_days: 730 });
    expect(subScore('identity_manipulation', { name_flag_changes_24m: 3 })).toBe(100);
  });

  it('pi_coverage: every cover state', () => {
    const cases: [RiskInputs['pi_cover'], string, number][] = [
      [{ state: 'active_ig' }, 'active_ig', 0],
      [{ state: 'active_non_ig', club_risk_tier: 'low' }, 'active_non_ig_low', 30],
      [{ state: 'active_non_ig', club_risk_tier: 'medium' }, 'active_non_ig_medium', 50],
      [{ state: 'active_non_ig', club_risk_tier: 'high' }, 'active_non_ig_high', 70],
      [{ state: 'lapsed_within_12m' }, 'lapsed_within_12m', 90],
      [{ state: 'none' }, 'none', 100],
    ];
    for (const [pi_cover, raw, score] of cases)
      expect(factorOf('pi_coverage', { pi_cover })).toMatchObject({
        raw_value: raw,
        sub_score: score,
      });
  });

  it('obfuscation_risk: 30 per spoofing alert plus 20 per route deception, capped', () => {
    expect(subScore('obfuscation_risk', { spoofing_alerts_90d: 1 })).toBe(30);
    expect(subScore('obfuscation_risk', { route_deceptions_180d: 1 })).toBe(20);
    expect(
      factorOf('obfuscation_risk', { spoofing_alerts_90d: 2, route_deceptions_180d: 1 }),
    ).toMatchObject({
      raw_value: 80,
      sub_score: 80,
      inputs: { spoofing_alerts_90d: 2, route_deceptions_180d: 1 },
    });
    expect(subScore('obfuscation_risk', { spoofing_alerts_90d: 2, route_deceptions_180d: 2 })).toBe(
      100,
    );
    expect(subScore('obfuscation_risk', { route_deceptions_180d: 5 })).toBe(100);
  });

  it('gives every factor a window and a rule sentence', () => {
    expect(factorOf('prior_history').window_days).toBe(1095);
    expect(factorOf('pi_coverage').window_days).toBe(365);
    expect(factorOf('sanctions_match').window_days).toBeNull();
    expect(factorOf('loitering').rule).toMatch(/72/);
  });
});
