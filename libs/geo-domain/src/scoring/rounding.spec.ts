import { round2, round3, roundHalfAwayFromZero, toHundredths } from './rounding';

describe('roundHalfAwayFromZero (PostgreSQL round(x::numeric, d))', () => {
  it('rounds the decimal value, not its binary approximation', () => {
    // 1.005 is 1.00499999999999989… in binary; Math.round(1.005 * 100) / 100 gives 1.00,
    // PostgreSQL gives 1.01. Same for 2.675 (2.67499999…) → 2.68 and 79.995 → 80.00.
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(79.995)).toBe(80);
    expect(round3(0.0005)).toBe(0.001);
  });

  it('rounds halves away from zero, also for negatives (Math.round(-2.5) is -2)', () => {
    expect(roundHalfAwayFromZero(-2.5, 0)).toBe(-3);
    expect(roundHalfAwayFromZero(2.5, 0)).toBe(3);
    expect(round2(-1.005)).toBe(-1.01);
  });

  it('rounds down below the half and never returns -0', () => {
    expect(round2(12.344)).toBe(12.34);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(Object.is(round2(-0), 0)).toBe(true);
  });

  it('leaves already-rounded and huge values unchanged', () => {
    expect(round2(79.99)).toBe(79.99);
    expect(round2(1e16)).toBe(1e16);
  });

  it('rejects non-finite input and bad decimals', () => {
    expect(() => round2(Number.NaN)).toThrow(RangeError);
    expect(() => round2(Infinity)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, -1)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
  });

  it('toHundredths gives exact integers', () => {
    // 10.6 − 10.1 is not exactly 0.5 in every binary case; 1060 − 1010 = 50 always is.
    expect(toHundredths(10.6) - toHundredths(10.1)).toBe(50);
    expect(toHundredths(79.995)).toBe(8000);
    expect(toHundredths(-19.99)).toBe(-1999);
  });
});
