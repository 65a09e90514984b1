import { fnv1a32, hashUnit, Rng, splitmix32 } from './prng';

describe('named PRNG streams', () => {
  it('repeat exactly for the same seed and name, and differ across names and seeds', () => {
    const draw = (seed: number, name: string): number[] => {
      const rng = Rng.stream(seed, name);
      return Array.from({ length: 8 }, () => rng.nextU32());
    };
    expect(draw(42, 'vessel:1')).toEqual(draw(42, 'vessel:1'));
    expect(draw(42, 'vessel:1')).not.toEqual(draw(42, 'vessel:2'));
    expect(draw(42, 'vessel:1')).not.toEqual(draw(43, 'vessel:1'));
  });

  it('are independent: consuming one stream never moves another', () => {
    const alone = Rng.stream(7, 'b');
    const expected = [alone.next(), alone.next()];
    const other = Rng.stream(7, 'a');
    for (let i = 0; i < 1000; i += 1) other.next();
    const b = Rng.stream(7, 'b');
    expect([b.next(), b.next()]).toEqual(expected);
  });

  it('hashes with FNV-1a and spreads seeds with splitmix32', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    const mix = splitmix32(0);
    expect(mix()).not.toBe(mix());
    expect(hashUnit(1, 2)).toBe(hashUnit(1, 2));
    expect(hashUnit(1, 2)).not.toBe(hashUnit(1, 3));
  });

  it('draws plausible distributions', () => {
    const rng = Rng.stream(1, 'dist');
    const n = 20_000;
    const uniform = Array.from({ length: n }, () => rng.next());
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniform)).toBeLessThan(1);
    expect(uniform.reduce((s, x) => s + x, 0) / n).toBeCloseTo(0.5, 1);
    const normal = Array.from({ length: n }, () => rng.normal());
    const mean = normal.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(normal.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(sd).toBeCloseTo(1, 1);
    const ints = Array.from({ length: 1000 }, () => rng.int(3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
    expect(
      Array.from({ length: 2000 }, () => rng.poisson(3)).reduce((s, x) => s + x, 0) / 2000,
    ).toBeCloseTo(3, 0);
    const picks = Array.from({ length: 4000 }, () =>
      rng.weighted([
        ['a', 3],
        ['b', 1],
      ] as const),
    );
    expect(picks.filter((p) => p === 'a').length / 4000).toBeCloseTo(0.75, 1);
  });
});
