import { claimsRiskFactors, premiumInputs, strongestMatchType, type InsuranceFacts } from './facts';

const facts: InsuranceFacts = {
  build_year: 2010,
  psc_deficiencies_12m: 4,
  psc_detained_12m: true,
  sanctions_match_types: ['name', 'mmsi'],
  dark_events_90d: 3,
  unplanned_stops_12m: 1,
};

describe('insurance facts', () => {
  it('picks the strongest match type', () => {
    expect(strongestMatchType(['name', 'direct_imo', 'mmsi'])).toBe('direct_imo');
    expect(strongestMatchType(['name', 'mmsi'])).toBe('mmsi');
    expect(strongestMatchType(['name'])).toBe('name');
    expect(strongestMatchType([])).toBeNull();
  });

  it('codes age by the as-of UTC year and any match as sanctioned', () => {
    const asOf = new Date('2026-03-31T23:59:59Z');
    expect(claimsRiskFactors(facts, asOf)).toEqual({
      age_bucket: '15-19', // 2026 − 2010 = 16
      psc_detained_12m: true,
      psc_deficiency_count_12m: 4,
      sanctions_match: true,
      dark_events_90d: 3,
      incident_proxy: 1,
    });
    expect(claimsRiskFactors({ ...facts, build_year: null }, asOf).age_bucket).toBeNull();
    expect(claimsRiskFactors({ ...facts, build_year: 2006 }, asOf).age_bucket).toBe('20+');
  });

  it('feeds the premium the strongest match and the stored score', () => {
    expect(premiumInputs(facts, 41.2)).toEqual({
      risk_score: 41.2,
      sanctions_match_type: 'mmsi',
      psc_deficiency_count_12m: 4,
      psc_detained_12m: true,
      dark_events_90d: 3,
    });
  });
});
