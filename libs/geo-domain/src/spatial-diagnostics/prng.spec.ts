import { fnv1a, MAX_BELOW_BOUND, metroRng, SplitMix32, Xoshiro128StarStar } from './prng';

/**
 * Independent BigInt re-derivation of xoshiro128** 1.1 straight from the published C
 * (prng.di.unimi.it/xoshiro128starstar.c): result = rotl(s[1] * 5, 7) * 9; t = s[1] << 9;
 * s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11).
 */
function referenceXoshiro(state: [bigint, bigint, bigint, bigint], count: number): number[] {
  const mask = 0xffffffffn;
  const rotl = (x: bigint, k: bigint): bigint => ((x << k) | (x >> (32n - k))) & mask;
  const s = [...state];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(Number((rotl((s[1] * 5n) & mask, 7n) * 9n) & mask));
    const t = (s[1] << 9n) & mask;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11n);
  }
  return out;
}

describe('Xoshiro128StarStar', () => {
  it('reproduces the reference outputs for state {1, 2, 3, 4}', () => {
    const rng = new Xoshiro128StarStar([1, 2, 3, 4]);
    const first = Array.from({ length: 6 }, () => rng.next());
    // First value by hand: rotl(2 * 5, 7) * 9 = 1280 * 9 = 11520.
    expect(first).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('matches an independent BigInt implementation over a long stream', () => {
    const state: [number, number, number, number] = [0xdeadbeef, 0x01234567, 0x89abcdef, 7];
    const rng = new Xoshiro128StarStar(state);
    const ours = Array.from({ length: 1000 }, () => rng.next());
    const reference = referenceXoshiro(
      [BigInt(state[0]), BigInt(state[1]), BigInt(state[2]), BigInt(state[3])],
      1000,
    );
    expect(ours).toEqual(reference);
    expect(ours.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff)).toBe(true);
  });

  it('refuses the all-zero state', () => {
    expect(() => new Xoshiro128StarStar([0, 0, 0, 0])).toThrow(RangeError);
  });

  it('nextBelow stays in range, hits every value, and equals floor(x·n / 2^32) when accepted', () => {
    const a = new Xoshiro128StarStar([1, 2, 3, 4]);
    const b = new Xoshiro128StarStar([1, 2, 3, 4]);
    const ours: number[] = [];
    const expected: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const n = 1 + (i % 13);
      ours.push(a.nextBelow(n));
      // Rejection is ~n/2^32 likely, so the twin stream stays aligned for these small bounds.
      expected.push(Number((BigInt(b.next()) * BigInt(n)) >> 32n));
    }
    expect(ours).toEqual(expected);
    expect(ours.every((value, i) => value >= 0 && value < 1 + (i % 13))).toBe(true);
    const seen = new Set(ours.filter((_, i) => i % 13 === 12));
    expect(seen.size).toBe(13);
  });

  it('nextBelow rejects bounds it cannot serve exactly', () => {
    const rng = new Xoshiro128StarStar([1, 2, 3, 4]);
    for (const bad of [0, -1, 1.5, Number.NaN, MAX_BELOW_BOUND + 1]) {
      expect(() => rng.nextBelow(bad)).toThrow(RangeError);
    }
    expect(rng.nextBelow(MAX_BELOW_BOUND)).toBeLessThan(MAX_BELOW_BOUND);
  });
});

describe('SplitMix32', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const draw = (seed: number): number[] => {
      const mixer = new SplitMix32(seed);
      return Array.from({ length: 8 }, () => mixer.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(0).every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff)).toBe(true);
  });

  it('pins its first outputs for seed 0 (regression guard for the permutation stream)', () => {
    const mixer = new SplitMix32(0);
    expect([mixer.next(), mixer.next()]).toEqual([1684164658, 3653269916]);
  });
});

describe('fnv1a', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    // 'é' is the two bytes c3 a9; fold them by hand.
    let hash = 0x811c9dc5;
    for (const byte of [0xc3, 0xa9]) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    expect(fnv1a('é')).toBe(hash);
  });
});

describe('metroRng', () => {
  const stream = (seed: number, slug: string): number[] => {
    const rng = metroRng(seed, slug);
    return Array.from({ length: 16 }, () => rng.next());
  };

  it('seeds xoshiro128** with four SplitMix32(seed XOR fnv1a(slug)) outputs', () => {
    const mixer = new SplitMix32((20240601 ^ fnv1a('atx')) >>> 0);
    const expected = new Xoshiro128StarStar([
      mixer.next(),
      mixer.next(),
      mixer.next(),
      mixer.next(),
    ]);
    expect(stream(20240601, 'atx')).toEqual(Array.from({ length: 16 }, () => expected.next()));
  });

  it('gives the same stream for the same seed and metro, different ones otherwise', () => {
    expect(stream(20240601, 'atx')).toEqual(stream(20240601, 'atx'));
    expect(stream(20240601, 'atx')).not.toEqual(stream(20240601, 'bos'));
    expect(stream(20240601, 'atx')).not.toEqual(stream(20240602, 'atx'));
  });
});
