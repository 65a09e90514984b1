// Deterministic 32-bit PRNGs for the spatial-diagnostics permutation test
// (see docs/geo-scoring/spatial-diagnostics.md#conditional-permutation-test). Everything works on
// uint32 values held in JS numbers; Math.imul and `>>> 0` keep the arithmetic exact, so the streams
// are reproducible across platforms and reimplementations.

// A module-level alias: inside a vm context (Jest) every `Math.imul` is a slow global lookup
// through the contextified global (~40× slower); plain Node is unaffected either way.
const imul = Math.imul;

const UINT32_RANGE = 0x1_0000_0000;
const INV_UINT32_RANGE = 1 / UINT32_RANGE;
/** nextBelow multiplies a uint32 by n in a double; n ≤ 2^21 keeps the product below 2^53. */
export const MAX_BELOW_BOUND = 0x20_0000;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * SplitMix32 (the widely used 32-bit variant: Weyl increment 0x9e3779b9, then the
 * 0x21f0aaad / 0x735a2d97 finaliser with shifts 16, 15, 15). Used only to expand a 32-bit seed
 * into the xoshiro128** state, which must not be all zeros.
 */
export class SplitMix32 {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  next(): number {
    this.state = (this.state + 0x9e3779b9) | 0;
    let t = this.state ^ (this.state >>> 16);
    t = imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = imul(t, 0x735a2d97);
    t ^= t >>> 15;
    return t >>> 0;
  }
}

/** FNV-1a, 32-bit (offset basis 0x811c9dc5, prime 0x01000193) over the UTF-8 bytes of `text`. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** xoshiro128** 1.1 (Blackman & Vigna), uint32 outputs. */
export class Xoshiro128StarStar {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: readonly [number, number, number, number]) {
    if (state.every((word) => word >>> 0 === 0)) {
      throw new RangeError('xoshiro128** state must not be all zeros');
    }
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
  }

  /** Next uint32: rotl(s1 * 5, 7) * 9, then the published state transition. */
  next(): number {
    const s1 = this.s1;
    const result = imul(rotl(imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * Uniform integer in [0, n) without modulo bias (Lemire's multiply-shift with rejection):
   * m = x·n as a 64-bit product; the answer is m >> 32, redrawing while the low 32 bits fall
   * below (2^32 − n) mod n. The remainder is computed only on the rare low-bits-below-n path.
   * This exact procedure is part of the permutation stream's definition.
   */
  nextBelow(n: number): number {
    // `n >>> 0 !== n` rejects fractions, negatives and NaN in one cheap test (hot path).
    if (n >>> 0 !== n || n === 0 || n > MAX_BELOW_BOUND) {
      throw new RangeError(`nextBelow bound must be an integer in [1, ${MAX_BELOW_BOUND}]`);
    }
    let x = this.next();
    let low = imul(x, n) >>> 0;
    if (low < n) {
      const threshold = (UINT32_RANGE - n) % n;
      while (low < threshold) {
        x = this.next();
        low = imul(x, n) >>> 0;
      }
    }
    // Exact: x·n < 2^53 and the scale is a power of two.
    return (x * n - low) * INV_UINT32_RANGE;
  }
}

/**
 * The per-metro stream of the permutation test: xoshiro128** whose four state words are the first
 * four outputs (s0, s1, s2, s3 in that order) of SplitMix32 seeded with (seed XOR
 * fnv1a(metroSlug)). Each metro gets its own stream, so adding a metro never changes another
 * metro's p-values.
 */
export function metroRng(seed: number, metroSlug: string): Xoshiro128StarStar {
  const mixer = new SplitMix32((seed ^ fnv1a(metroSlug)) >>> 0);
  const state: [number, number, number, number] = [
    mixer.next(),
    mixer.next(),
    mixer.next(),
    mixer.next(),
  ];
  // No all-zero guard needed: SplitMix32's output is a bijection of a state that changes every
  // step, so at most one of four consecutive outputs can be 0.
  return new Xoshiro128StarStar(state);
}
