/**
 * Crop seasons and the NDVI composite calendar. A season runs from its start day of year to its
 * end day of year, inclusive; when the end is before the start it runs over the new year. A
 * season is named by the year it ends in (the harvest year): wheat sown in October 2025 and cut
 * in July 2026 is season 2026.
 */

const DAY_MS = 86_400_000;

/** Composites cover 16 days and restart each 1 January: days of year 1, 17, …, 353. */
export const NDVI_COMPOSITE_STEP_DAYS = 16;

export interface SeasonWindow {
  startDoy: number;
  endDoy: number;
}

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 1-based UTC day of year of a `YYYY-MM-DD` day. */
export function dayOfYear(day: string): number {
  const ms = dayMs(day);
  return Math.round((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

export function wrapsNewYear(season: SeasonWindow): boolean {
  return season.endDoy < season.startDoy;
}

/** The season (harvest year) a day falls in, or null when it lies between seasons. */
export function seasonOfDay(day: string, season: SeasonWindow): number | null {
  const year = Number(day.slice(0, 4));
  const doy = dayOfYear(day);
  if (!wrapsNewYear(season)) return doy >= season.startDoy && doy <= season.endDoy ? year : null;
  if (doy >= season.startDoy) return year + 1;
  if (doy <= season.endDoy) return year;
  return null;
}

/** First and last day (inclusive) of the season ending in `year`. */
export function seasonSpan(year: number, season: SeasonWindow): { start: string; end: string } {
  const startYear = wrapsNewYear(season) ? year - 1 : year;
  return {
    start: isoDay(Date.UTC(startYear, 0, season.startDoy)),
    end: isoDay(Date.UTC(year, 0, season.endDoy)),
  };
}

/** The composite days of the calendar within [start, end], both `YYYY-MM-DD`, inclusive. */
export function compositeDaysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  const from = dayMs(start);
  const to = dayMs(end);
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year += 1)
    for (let doy = 1; doy <= 365; doy += NDVI_COMPOSITE_STEP_DAYS) {
      const t = Date.UTC(year, 0, doy);
      if (t >= from && t <= to) days.push(isoDay(t));
    }
  return days;
}

/** The latest season that has started on or before `day` (the current one, or the last). */
export function latestStartedSeason(day: string, season: SeasonWindow): number {
  const year = Number(day.slice(0, 4));
  for (const candidate of [year + 1, year, year - 1])
    if (seasonSpan(candidate, season).start <= day) return candidate;
  return year - 1;
}
