import { checkDonut, median } from './tda-donut';

const RING = [1, 2, 3, 4, 5, 6];

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('checkDonut', () => {
  it('flags a low centre inside a complete ring that stays at or above the median', () => {
    // y_c = 20 < median 50 ≤ ring_min 60; persistence = 60 − 20 = 40 ≥ 15.
    const y = [20, 60, 70, 80, 65, 75, 90];
    expect(checkDonut(y, 0, RING, 50)).toEqual({ ringMin: 60, persistence: 40, isDonut: true });
  });

  it('accepts the median exactly equal to ring_min and persistence exactly 15 (2-decimal data)', () => {
    // 65.3 − 50.3 = 15.000000000000004 in binary; rounded to 2 decimals it is 15.
    const y = [50.3, 65.3, 70, 70, 70, 70, 70];
    expect(checkDonut(y, 0, RING, 65.3)).toEqual({
      ringMin: 65.3,
      persistence: 15,
      isDonut: true,
    });
    // 65.29 − 50.3 = 14.99: not enough persistence.
    expect(checkDonut([50.3, 65.29, 70, 70, 70, 70, 70], 0, RING, 60).isDonut).toBe(false);
  });

  it('needs the centre strictly below the median and the ring not below it', () => {
    const y = [50, 70, 70, 70, 70, 70, 70];
    expect(checkDonut(y, 0, RING, 50).isDonut).toBe(false);
    const dip = [10, 70, 70, 45, 70, 70, 70];
    expect(checkDonut(dip, 0, RING, 50)).toEqual({ ringMin: 45, persistence: 35, isDonut: false });
  });

  it('reports nothing for an incomplete ring (edge cell or pentagon)', () => {
    const y = [0, 90, 90, 90, 90, 90];
    expect(checkDonut(y, 0, [1, 2, 3, 4, 5], 50)).toEqual({
      ringMin: null,
      persistence: null,
      isDonut: false,
    });
  });

  it('reports a negative persistence for a peak (complete ring, not a donut)', () => {
    const y = [80, 30, 40, 50, 60, 70, 75];
    expect(checkDonut(y, 0, RING, 50)).toEqual({ ringMin: 30, persistence: -50, isDonut: false });
  });
});
