/**
 * Deterministic pseudo-random numbers. Every part of the world draws from its own named stream
 * (sfc32 seeded by splitmix32 of fnv1a("<seed>:<stream>")), so consuming one stream differently
 * (or adding a port, a table, a vessel) never shifts the numbers of another.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A splitmix32 sequence: good at spreading one 32-bit seed over several state words. */
export function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const TWO_POW_32 = 4294967296;

/** sfc32 (Small Fast Chaotic), 128-bit state, with helpers for the distributions the world uses. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seedWord: number) {
    const mix = splitmix32(seedWord);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    // The first outputs of a fresh state are still correlated with the seed: discard them.
    for (let i = 0; i < 12; i += 1) this.nextU32();
  }

  /** The stream `name` of the world seeded with `seed`. */
  static stream(seed: number, name: string): Rng {
    return new Rng(fnv1a32(`${seed}:${name}`));
  }

  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / TWO_POW_32;
  }

  /** Uniform in [lo, hi). */
  float(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An index drawn with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      u -= weights[i] as number;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const index = this.weightedIndex(entries.map(([, w]) => w));
    return (entries[index] as readonly [T, number])[0];
  }

  /** Standard normal (Box–Muller, both values used). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    let u = this.next();
    while (u <= Number.EPSILON) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** A lognormal value with the given median and log-space sigma. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Poisson by inversion (small means only). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k += 1;
      p *= this.next();
    }
    return k;
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      const held = items[i] as T;
      items[i] = items[j] as T;
      items[j] = held;
    }
    return items;
  }
}

/**
 * A stateless uniform value in [0, 1) for a (key, counter) pair: cheap per-fix noise that needs
 * no stream position, so a vessel's track can be produced from any instant on.
 */
export function hashUnit(key: number, counter: number): number {
  let z = (key ^ Math.imul(counter, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return ((z ^ (z >>> 16)) >>> 0) / TWO_POW_32;
}
