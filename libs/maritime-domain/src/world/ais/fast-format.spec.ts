import { Rng } from '../prng';
import { formatFixed, IsoFormatter } from './fast-format';

describe('fast COPY formatting', () => {
  it('prints rounded numbers exactly as String() does', () => {
    const rng = Rng.stream(1, 'format');
    for (let i = 0; i < 20_000; i += 1) {
      const decimals = rng.pick([1, 5]);
      const f = 10 ** decimals;
      const value = Math.round(rng.float(-180, 180) * f) / f;
      expect(formatFixed(value, decimals)).toBe(String(value));
    }
    expect(formatFixed(-0, 5)).toBe('0');
    expect(formatFixed(0.00001, 5)).toBe('0.00001');
    expect(formatFixed(-12.1, 5)).toBe('-12.1');
    expect(formatFixed(7, 1)).toBe('7');
  });

  it('prints instants as toISOString does', () => {
    const iso = new IsoFormatter();
    const rng = Rng.stream(2, 'iso');
    let t = Date.UTC(2024, 11, 31, 20);
    for (let i = 0; i < 5000; i += 1) {
      t += rng.int(1, 3_600_000);
      expect(iso.format(t)).toBe(new Date(t).toISOString());
    }
  });
});
