import { roundTo } from './rounding';

describe('roundTo', () => {
  it('rounds half away from zero, absorbs binary noise and never returns -0', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.1234565, 6)).toBe(0.123457);
    expect(roundTo(-0.0000004, 6)).toBe(0);
    expect(Object.is(roundTo(-0.0000004, 6), -0)).toBe(false);
    expect(roundTo(4 / 3, 6)).toBe(1.333333);
  });
});
