/** Calendar months as `YYYY-MM`, in UTC. */

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD.test(value);
}

/** The month `months` after (or before, when negative) `period`. */
export function addMonths(period: string, months: number): string {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`not a period: ${period}`);
  const index = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month that contains `instant`. */
export function periodOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** The last complete month before the one that contains `now`. */
export function lastCompletePeriod(now: Date): string {
  return addMonths(periodOf(now), -1);
}

/** The first day of the month, `YYYY-MM-01`. */
export function periodStartDay(period: string): string {
  if (!isPeriod(period)) throw new RangeError(`not a period: ${period}`);
  return `${period}-01`;
}
