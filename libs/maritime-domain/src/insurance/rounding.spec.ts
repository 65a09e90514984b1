import { round1, round4, roundTo } from './rounding';

describe('rounding', () => {
  it('rounds half away from zero after cutting binary noise', () => {
    expect(round4((0.4 * (12.3 - 25)) / 100)).toBe(-0.0508);
    expect(round1(11.75)).toBe(11.8);
    expect(round1(-11.75)).toBe(-11.8);
    expect(roundTo(1.005, 2)).toBe(1.01); // 1.00499999… in binary
    expect(Object.is(round4(-0.00001), 0)).toBe(true);
  });
});
