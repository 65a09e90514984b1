import {
  AGE_BUCKETS,
  ageBucketCode,
  ageBucketOf,
  predictClaims,
  type ClaimsRiskFactors,
} from './claims';

const clean: ClaimsRiskFactors = {
  age_bucket: '0-9',
  psc_detained_12m: false,
  psc_deficiency_count_12m: 0,
  sanctions_match: false,
  dark_events_90d: 0,
  incident_proxy: 0,
};

describe('age buckets', () => {
  it('bands whole years at 10, 15 and 20 and codes them 0..3', () => {
    expect([0, 9, 10, 14, 15, 19, 20, 45].map(ageBucketOf)).toEqual([
      '0-9',
      '0-9',
      '10-14',
      '10-14',
      '15-19',
      '15-19',
      '20+',
      '20+',
    ]);
    expect(AGE_BUCKETS.map(ageBucketCode)).toEqual([0, 1, 2, 3]);
    expect(ageBucketCode(null)).toBe(0);
  });
});

describe('claims-v1', () => {
  it('gives a new, clean vessel 0.0392 (z = −3.2)', () => {
    const p = predictClaims(clean);
    expect(p.z).toBe(-3.2);
    expect(p.probability).toBe(0.0392); // 1 / (1 + e^3.2) = 0.039166…
  });

  it('sums every coefficient on coded inputs, by hand', () => {
    const p = predictClaims({
      age_bucket: '15-19',
      psc_detained_12m: true,
      psc_deficiency_count_12m: 7,
      sanctions_match: true,
      dark_events_90d: 4,
      incident_proxy: 2,
    });
    // −3.2 + 0.35·2 + 0.9 + 0.08·7 + 1.1 + 0.12·4 + 0.45·2 = 1.44
    expect(p.z).toBe(1.44);
    expect(p.coded_inputs).toEqual({
      age_bucket: 2,
      psc_detained_12m: 1,
      psc_deficiency_count_12m: 7,
      sanctions_match: 1,
      dark_events_90d: 4,
      incident_proxy: 2,
    });
    expect(p.probability).toBe(0.8085); // 1 / (1 + e^−1.44) = 0.80845…
  });

  it('caps deficiencies at 20, dark events at 15 and incidents at 5', () => {
    const p = predictClaims({
      ...clean,
      age_bucket: '20+',
      psc_deficiency_count_12m: 50,
      dark_events_90d: 40,
      incident_proxy: 9,
    });
    // −3.2 + 1.05 + 1.6 + 1.8 + 2.25 = 3.5
    expect(p.z).toBe(3.5);
    expect(p.probability).toBe(0.9707); // 0.970687…
    expect(p.coded_inputs.dark_events_90d).toBe(15);
  });
});
