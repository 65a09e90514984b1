/** Instants are milliseconds since the epoch (UTC) inside the generator; rows carry strings. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` at 00:00 UTC, in milliseconds; throws on anything else. */
export function parseDay(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(ms) || isoDay(ms) !== day) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

/** ISO 8601 UTC with milliseconds and Z. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString();
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function utcYear(ms: number): number {
  return new Date(ms).getUTCFullYear();
}

/** Day of year, 1..366 (UTC). */
export function dayOfYear(ms: number): number {
  const year = utcYear(ms);
  return Math.floor((ms - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
}

/** Floors an instant to a whole multiple of `stepMs` counted from `originMs`. */
export function floorTo(ms: number, originMs: number, stepMs: number): number {
  return originMs + Math.floor((ms - originMs) / stepMs) * stepMs;
}

export function ceilTo(ms: number, originMs: number, stepMs: number): number {
  return originMs + Math.ceil((ms - originMs) / stepMs) * stepMs;
}
