import { calibrate, suppressedRepeats, suppressionUntil } from './calibration';

describe('calibration', () => {
  it('counts statuses; never adjudicated counts as pending; rate to 4 decimals', () => {
    const c = calibrate([
      'confirmed',
      'false_positive',
      'false_positive',
      'pending',
      null,
      null,
      'confirmed',
    ]);
    expect(c).toEqual({
      totalSignals: 7,
      confirmed: 2,
      falsePositives: 2,
      pending: 3,
      falsePositiveRate: 0.5,
    });
    expect(calibrate(['confirmed', 'confirmed', 'false_positive']).falsePositiveRate).toBe(0.3333);
    expect(calibrate(['false_positive', 'confirmed', 'confirmed']).falsePositiveRate).toBe(0.3333);
    expect(calibrate(['false_positive', 'false_positive', 'confirmed']).falsePositiveRate).toBe(
      0.6667,
    );
  });

  it('rate is null when nothing is confirmed or false', () => {
    expect(calibrate([]).falsePositiveRate).toBeNull();
    expect(calibrate(['pending', null]).falsePositiveRate).toBeNull();
  });

  it('suppression window [until − hours, until)', () => {
    const at = new Date('2026-05-10T00:00:00Z');
    const until = suppressionUntil(at, 24);
    expect(until.toISOString()).toBe('2026-05-11T00:00:00.000Z');
    const repeats = [new Date('2026-05-09T23:59:59Z'), at, new Date('2026-05-10T23:59:59Z'), until];
    expect(suppressedRepeats(until, 24, repeats)).toBe(2);
    expect(suppressedRepeats(null, null, repeats)).toBe(0);
  });
});
