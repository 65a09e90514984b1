import { UsageError } from './command';

/** A whole number from a flag, within [min, max], or the default when the flag is absent. */
export function integerArgument(
  value: string | undefined,
  flag: string,
  bounds: { min: number; max: number; default?: number },
): number {
  if (value === undefined) {
    if (bounds.default === undefined) throw new UsageError(`${flag} is required`);
    return bounds.default;
  }
  const n = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < bounds.min || n > bounds.max)
    throw new UsageError(`${flag} must be a whole number from ${bounds.min} to ${bounds.max}`);
  return n;
}

/** A calendar day `YYYY-MM-DD` from a flag (a real date: 2026-02-30 is refused). */
export function dayArgument(value: string, flag: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    throw new UsageError(`${flag} must be a date YYYY-MM-DD`);
  return value;
}

/** One of a fixed set of words from a flag. */
export function choiceArgument<T extends string>(
  value: string | undefined,
  flag: string,
  choices: readonly T[],
  fallback?: T,
): T {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`${flag} is required`);
    return fallback;
  }
  if (!(choices as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${choices.join(', ')}`);
  return value as T;
}
