import { poolStats } from './pool';

describe('pool statistics', () => {
  it('counts ties as half in the percentile rank', () => {
    // below 2 (10, 20), equal 2 (30, 30): 100 · (2 + 1) / 5 = 60
    const s = poolStats(30, [30, 10, 45.5, 20, 30]);
    expect(s).toEqual({
      count: 5,
      median_risk_score: 30,
      mean_risk_score: 27.1, // 135.5 / 5
      percentile_rank: 60,
    });
  });

  it('takes the mean of the middle two for an even count, and rounds to 1 decimal', () => {
    const s = poolStats(12.3, [10, 11.1, 12.4, 40]);
    expect(s.median_risk_score).toBe(11.8); // (11.1 + 12.4) / 2 = 11.75 → 11.8
    expect(s.mean_risk_score).toBe(18.4); // 73.5 / 4 = 18.375 → 18.4
    expect(s.percentile_rank).toBe(50); // 2 below of 4
  });

  it('ranks 0 under the whole pool and 100 above it', () => {
    expect(poolStats(1, [5, 6]).percentile_rank).toBe(0);
    expect(poolStats(9, [5, 6]).percentile_rank).toBe(100);
    expect(poolStats(5, [5]).percentile_rank).toBe(50);
    expect(poolStats(1, [1, 2, 3]).percentile_rank).toBe(16.7); // 50 / 3
  });

  it('gives count 0 and nulls for an empty pool', () => {
    expect(poolStats(40, [])).toEqual({
      count: 0,
      median_risk_score: null,
      mean_risk_score: null,
      percentile_rank: null,
    });
  });
});
