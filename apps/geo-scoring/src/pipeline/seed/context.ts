// What every dataset generator sees: the flags, the as-of date and the planted metro worlds.
import type { SeedProfile } from './profiles';
import { cumulative } from '@platform/geo-domain';
import type { MetroWorld } from './world';

export interface SeedContext {
  seed: number;
  profile: SeedProfile;
  /** YYYY-MM-DD; every timestamp of the data set derives from it, never from the wall clock. */
  asOf: string;
  asOfMs: number;
  worlds: MetroWorld[];
  embeddings: boolean;
}

export const DAY_MS = 86_400_000;

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** `YYYY-MM-DD HH:MM:SS+00` of a UTC day start plus whole seconds: no Date per row. */
export function timestampInDay(dayPrefix: string, second: number): string {
  const h = Math.floor(second / 3600);
  const m = Math.floor((second % 3600) / 60);
  return `${dayPrefix} ${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[second % 60]}+00`;
}

export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Splits `total` over the metros in proportion to their residents (largest remainder). */
export function splitByPopulation(total: number, worlds: readonly MetroWorld[]): number[] {
  const weights = worlds.map((w) => w.cells.reduce((sum, c) => sum + c.population, 0));
  return apportion(total, weights);
}

/** Integer shares of `total` proportional to weights; remainders go to the largest fractions. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => [value - Math.floor(value), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    shares[i]++;
  }
  return shares;
}

/** CDF over a world's cells of a per-cell weight. */
export function cellCdf(
  world: MetroWorld,
  weight: (cell: MetroWorld['cells'][number]) => number,
): Float64Array {
  return cumulative(world.cells.map(weight));
}

/** A street address on one of the metro's real street names. */
export function streetAddress(world: MetroWorld, number: number, street: number): string {
  const streets = world.entry.streets;
  return `${number} ${streets[street % streets.length]}`;
}
