import { brierScore, rocAuc } from './validation';

describe('ROC AUC by ranks', () => {
  it('is 1 for a perfect ranking and 0 for a reversed one', () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [false, false, true, true])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [false, false, true, true])).toBe(0);
  });

  it('averages the ranks of ties, by hand', () => {
    // scores 0.1 0.4 0.4 0.4 0.7 with labels F T F T F: ranks 1, 3, 3, 3, 5.
    // positives' rank sum 6, minus 2·3/2 = 3, over 2·3 pairs = 0.5
    expect(rocAuc([0.1, 0.4, 0.4, 0.4, 0.7], [false, true, false, true, false])).toBe(0.5);
    // pairs: (0.6 vs 0.2) win, (0.6 vs 0.6) half, (0.3 vs 0.2) win, (0.3 vs 0.6) loss → 2.5/4
    expect(rocAuc([0.6, 0.3, 0.2, 0.6], [true, true, false, false])).toBe(0.625);
  });

  it('is null with one class only', () => {
    expect(rocAuc([0.2, 0.3], [true, true])).toBeNull();
    expect(rocAuc([], [])).toBeNull();
  });
});

describe('Brier score', () => {
  it('is the mean squared error, by hand', () => {
    // (0.9 − 1)² + (0.2 − 0)² + (0.6 − 0)² = 0.01 + 0.04 + 0.36 = 0.41 → / 3
    expect(brierScore([0.9, 0.2, 0.6], [true, false, false])).toBeCloseTo(0.41 / 3, 12);
    expect(brierScore([], [])).toBeNull();
  });
});
