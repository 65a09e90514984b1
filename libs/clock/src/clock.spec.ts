import { addUtcDays, FixedClock, SystemClock, utcDay } from './index';

describe('clocks', () => {
  it('a fixed clock stands still until moved', () => {
    const clock = new FixedClock('2026-01-31T23:59:59.000Z');
    expect(clock.today()).toBe('2026-01-31');
    expect(clock.nowMs()).toBe(Date.parse('2026-01-31T23:59:59.000Z'));
    clock.advance(1000);
    expect(clock.today()).toBe('2026-02-01');
    clock.set(new Date('2024-02-29T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(() => clock.set('yesterday')).toThrow(RangeError);
  });

  it('the system clock reads the machine time', () => {
    const before = Date.now();
    const read = new SystemClock().nowMs();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read - before).toBeLessThan(60_000);
  });

  it("the system clock's today turns at UTC midnight, however often it is asked", () => {
    jest.useFakeTimers({ now: Date.parse('2026-12-31T23:59:59.998Z') });
    try {
      const clock = new SystemClock();
      expect(clock.today()).toBe('2026-12-31');
      jest.setSystemTime(Date.parse('2026-12-31T23:59:59.999Z'));
      expect(clock.today()).toBe('2026-12-31');
      jest.setSystemTime(Date.parse('2027-01-01T00:00:00.000Z'));
      expect(clock.today()).toBe('2027-01-01');
      // A machine clock set back a day is followed too.
      jest.setSystemTime(Date.parse('2026-12-30T12:00:00.000Z'));
      expect(clock.today()).toBe('2026-12-30');
    } finally {
      jest.useRealTimers();
    }
  });

  it('computes UTC days across month and year ends', () => {
    expect(utcDay(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(addUtcDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addUtcDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(() => addUtcDays('2024-13-01', 1)).toThrow(RangeError);
  });
});
