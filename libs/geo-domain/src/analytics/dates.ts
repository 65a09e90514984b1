/**
 * UTC calendar-date helpers for `YYYY-MM-DD` strings. Dates are compared as strings (the format
 * sorts lexicographically) and shifted through Date.UTC so no local time zone is involved.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function assertIsoDate(name: string, value: string): void {
  const match = DATE_PATTERN.exec(value);
  if (match === null) {
    throw new RangeError(`${name} must be YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // Rejects 2024-02-30 and friends, which Date.UTC would silently roll over.
  if (date.toISOString().slice(0, 10) !== value) {
    throw new RangeError(`${name} is not a calendar date: ${value}`);
  }
}

/** `date` shifted by `days` (may be negative). */
export function addDays(date: string, days: number): string {
  assertIsoDate('date', date);
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
