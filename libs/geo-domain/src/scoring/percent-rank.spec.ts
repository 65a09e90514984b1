import { percentRanks, percentRankSignals } from './percent-rank';

describe('percentRanks (PostgreSQL percent_rank())', () => {
  it('gives (rank − 1)/(n − 1) with ties sharing the lowest rank', () => {
    // n = 5; ranks 1, 2, 2, 4, 5 → 0/4, 1/4, 1/4, 3/4, 4/4.
    expect(percentRanks([10, 20, 20, 30, 40])).toEqual([0, 0.25, 0.25, 0.75, 1]);
  });

  it('keeps input order', () => {
    // sorted 10(r1) 20(r2) 30(r3) 40(r4), n = 4 → 40: 3/3, 10: 0, 30: 2/3, 20: 1/3.
    expect(percentRanks([40, 10, 30, 20])).toEqual([1, 0, 2 / 3, 1 / 3]);
  });

  it('excludes nulls from n and leaves them null', () => {
    // non-null 3, 1, 2 → n = 3: 1 → 0, 2 → 1/2, 3 → 2/2.
    expect(percentRanks([3, null, 1, 2])).toEqual([1, null, 0, 0.5]);
  });

  it('gives 0 for a single value and for all ties', () => {
    expect(percentRanks([5])).toEqual([0]);
    expect(percentRanks([null, 5, null])).toEqual([null, 0, null]);
    expect(percentRanks([7, 7, 7])).toEqual([0, 0, 0]);
  });

  it('handles empty and all-null input', () => {
    expect(percentRanks([])).toEqual([]);
    expect(percentRanks([null, null])).toEqual([null, null]);
  });

  it('orders negative values numerically', () => {
    expect(percentRanks([-1, -3, -2])).toEqual([1, 0, 0.5]);
  });

  it('rejects non-finite values', () => {
    expect(() => percentRanks([1, Number.NaN])).toThrow(RangeError);
    expect(() => percentRanks([-Infinity])).toThrow(RangeError);
  });
});

describe('percentRankSignals', () => {
  it('is round(100 × percent_rank, 2)', () => {
    // n = 4: 0, 1/3, 2/3, 1 → 0, 33.333… → 33.33, 66.666… → 66.67, 100.
    expect(percentRankSignals([1, 2, 3, 4])).toEqual([0, 33.33, 66.67, 100]);
    // n = 7: rank 2 → 1/6 = 16.666… → 16.67; rank 6 → 5/6 = 83.333… → 83.33.
    expect(percentRankSignals([1, 2, 3, 4, 5, 6, 7])).toEqual([
      0, 16.67, 33.33, 50, 66.67, 83.33, 100,
    ]);
  });

  it('keeps nulls', () => {
    expect(percentRankSignals([null, 2, 1])).toEqual([null, 100, 0]);
  });
});
