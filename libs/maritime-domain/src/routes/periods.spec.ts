import { addMonths, isPeriod, lastCompletePeriod, periodOf, periodStartDay } from './index';

describe('periods', () => {
  it('accepts YYYY-MM months only', () => {
    expect(isPeriod('2026-02')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-2', '2026-02-01', 202602, undefined])
      expect(isPeriod(bad)).toBe(false);
  });

  it('steps across year ends', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 3)).toBe('2026-02');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(() => addMonths('2026-3', 1)).toThrow(RangeError);
  });

  it('names the month of an instant, the last complete one and its first day', () => {
    expect(periodOf(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03');
    expect(lastCompletePeriod(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
    expect(lastCompletePeriod(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12');
    expect(periodStartDay('2026-02')).toBe('2026-02-01');
  });
});
