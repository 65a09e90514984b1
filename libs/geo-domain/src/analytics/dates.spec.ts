import { addDays, assertIsoDate } from './dates';

describe('UTC date helpers', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-01-01', 0)).toBe('2025-01-01');
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => assertIsoDate('d', '2024-02-30')).toThrow(RangeError);
    expect(() => assertIsoDate('d', '2024-2-3')).toThrow(RangeError);
    expect(() => addDays('2024-02-28', 0.5)).toThrow(RangeError);
    expect(() => assertIsoDate('d', '2024-02-29')).not.toThrow();
  });
});
