import { voyageEarnings, type VoyageEarningsInput } from './index';

const VOYAGE: VoyageEarningsInput = {
  cargo_t: 40_000,
  rate_usd_t: 12.5,
  fuel_t: 200.4,
  bunker_usd_t: 600,
  gt: 30_000,
  dues_usd_per_gt: 0.5,
  handling_usd_per_t: 2,
  voyage_days: 16,
};

describe('voyage earnings (TCE), recomputed by hand', () => {
  it('takes revenue less bunker and port costs, per voyage day', () => {
    // revenue 40,000 x 12.5 = 500,000; bunker 200.4 x 600 = 120,240;
    // port 30,000 x 0.5 + 40,000 x 2 = 95,000; TCE = 284,760 / 16 = 17,797.5.
    expect(voyageEarnings(VOYAGE)).toEqual({
      revenue_usd: 500_000,
      bunker_cost_usd: 120_240,
      port_dues_usd: 15_000,
      handling_usd: 80_000,
      port_costs_usd: 95_000,
      voyage_days: 16,
      tce_usd_day: 17_797.5,
    });
  });

  it('has no revenue and no TCE without an index rate, but still its costs', () => {
    const e = voyageEarnings({ ...VOYAGE, rate_usd_t: null });
    expect(e.revenue_usd).toBeNull();
    expect(e.tce_usd_day).toBeNull();
    expect(e.bunker_cost_usd).toBe(120_240);
    expect(e.port_costs_usd).toBe(95_000);
  });

  it('can be negative, and rounds the days to 3 decimals before dividing', () => {
    const e = voyageEarnings({ ...VOYAGE, rate_usd_t: 1, voyage_days: 10.0004 });
    expect(e.voyage_days).toBe(10);
    // (40,000 - 120,240 - 95,000) / 10 = -17,524.
    expect(e.tce_usd_day).toBe(-17_524);
    expect(voyageEarnings({ ...VOYAGE, cargo_t: null }).handling_usd).toBe(0);
    expect(() => voyageEarnings({ ...VOYAGE, voyage_days: 0 })).toThrow(RangeError);
  });
});
