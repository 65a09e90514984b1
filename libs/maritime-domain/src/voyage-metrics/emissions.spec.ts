import { EMISSION_FACTORS, roundMetric, voyageEmissions, type VoyageEmissionsInput } from './index';

// 3,024 nm in 288 h is 10.5 kn, three quarters of a 14 kn design speed: (0.75)^3 = 0.421875.
const LADEN: VoyageEmissionsInput = {
  distance_nm: 3024,
  hours_at_sea: 288,
  design_speed_kn: 14,
  design_fuel_t_day: 32,
  port_days: 3,
  fuel_type: 'HFO',
  dwt: 50_000,
  cargo_t: 40_000,
  laden: true,
};

describe('voyage emissions, recomputed by hand', () => {
  it('burns main fuel by the cube law and aux fuel over sea and port days', () => {
    const e = voyageEmissions(LADEN);
    expect(e.days_at_sea).toBe(12);
    expect(e.avg_speed_kn).toBe(10.5);
    // main = 32 x 0.421875 x 12 = 162; aux = 0.08 x 32 x (12 + 3) = 38.4.
    expect(e.main_fuel_t).toBeCloseTo(162, 9);
    expect(e.aux_fuel_t).toBeCloseTo(38.4, 9);
    expect(e.fuel_t).toBeCloseTo(200.4, 9);
    // co2 = 200.4 x 3.114 = 624.0456 t.
    expect(e.emission_factor).toBe(3.114);
    expect(e.co2_t).toBeCloseTo(624.0456, 9);
    expect(e.transport_work_tnm).toBe(120_960_000);
    // AER = 624,045,600 g / (50,000 x 3,024); EEOI = 624,045,600 g / (40,000 x 3,024).
    expect(e.aer_g_per_dwt_nm).toBeCloseTo(4.127285714, 8);
    expect(e.eeoi_g_per_tnm).toBeCloseTo(5.159107143, 8);
  });

  it('uses the IMO carbon factor of each fuel', () => {
    expect(EMISSION_FACTORS).toEqual({ HFO: 3.114, VLSFO: 3.151, MGO: 3.206, LNG: 2.75 });
    for (const fuel of ['VLSFO', 'MGO', 'LNG'] as const)
      expect(voyageEmissions({ ...LADEN, fuel_type: fuel }).co2_t).toBeCloseTo(
        200.4 * EMISSION_FACTORS[fuel],
        9,
      );
  });

  it('has no EEOI and no transport work in ballast, but still an AER', () => {
    const ballast = voyageEmissions({ ...LADEN, laden: false, cargo_t: 0 });
    expect(ballast.eeoi_g_per_tnm).toBeNull();
    expect(ballast.transport_work_tnm).toBe(0);
    expect(ballast.aer_g_per_dwt_nm).toBeCloseTo(4.127285714, 8);
    expect(voyageEmissions({ ...LADEN, cargo_t: null }).eeoi_g_per_tnm).toBeNull();
    expect(voyageEmissions({ ...LADEN, dwt: null }).aer_g_per_dwt_nm).toBeNull();
  });

  it('counts no port time for an open arrival call and refuses a voyage without time at sea', () => {
    expect(voyageEmissions({ ...LADEN, port_days: 0 }).aux_fuel_t).toBeCloseTo(30.72, 9);
    expect(() => voyageEmissions({ ...LADEN, hours_at_sea: 0 })).toThrow(RangeError);
    expect(() => voyageEmissions({ ...LADEN, design_speed_kn: 0 })).toThrow(RangeError);
  });

  it('rounds half away from zero', () => {
    expect(roundMetric(2.345, 2)).toBe(2.35);
    expect(roundMetric(-2.345, 2)).toBe(-2.35);
    expect(roundMetric(1.0005, 3)).toBe(1.001);
  });
});
