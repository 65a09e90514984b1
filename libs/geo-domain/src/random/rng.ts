// Deterministic random substreams (see docs/geo-scoring/seed.md#determinism): one pure-rand
// xoroshiro128+ generator per (seed, dataset, metro), so adding rows to one dataset never shifts
// another one's values.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** FNV-1a 32-bit of a string (UTF-16 code units; keys are ASCII). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private readonly generator: RandomGenerator;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  /** The substream of one dataset (and metro); `parts` are joined into the hashed key. */
  static stream(seed: number, ...parts: (string | number)[]): Rng {
    return new Rng(fnv1a(`${seed}:${parts.join(':')}`));
  }

  /** Uniform in [0, 1). */
  float(): number {
    return uniformFloat64(this.generator);
  }

  /** Uniform integer in [from, to] (both included). */
  int(from: number, to: number): number {
    return from + Math.floor(this.float() * (to - from + 1));
  }

  /** 32 random bits as an unsigned integer. */
  uint32(): number {
    return this.generator.next() >>> 0;
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** Standard normal (Box–Muller, the second value kept for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const value = this.spareNormal;
      this.spareNormal = null;
      return value;
    }
    const u = 1 - this.float();
    const v = this.float();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Poisson draw: Knuth below 30, rounded normal approximation above. */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda >= 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.normal()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit) {
      k++;
      p *= this.float();
    }
    return k;
  }

  /** Index drawn from a cumulative weight table (see cumulative()). */
  weighted(cdf: Float64Array): number {
    const target = this.float() * cdf[cdf.length - 1];
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Running sums of non-negative weights, for Rng.weighted. */
export function cumulative(weights: ArrayLike<number>): Float64Array {
  const cdf = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += Math.max(0, weights[i]);
    cdf[i] = total;
  }
  return cdf;
}
