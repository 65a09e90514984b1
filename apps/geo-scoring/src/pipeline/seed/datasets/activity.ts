// Activity telemetry: visit 55%, transaction 30%, checkin 10%, review 5%, with
// weekday and seasonal factors; cells drawn by the planted activity field.
import {
  apportion,
  cellCdf,
  DAY_MS,
  isoDay,
  splitByPopulation,
  timestampInDay,
  type SeedContext,
} from '../context';
import { Rng } from '@platform/geo-domain';
import { jitter } from '../world';

const WEEKDAY = [1.1, 0.85, 0.9, 0.95, 1.0, 1.2, 1.25]; // Sunday first

export function dayFactor(ms: number): number {
  const date = new Date(ms);
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = (ms - start) / DAY_MS;
  return WEEKDAY[date.getUTCDay()] * (1 + 0.12 * Math.sin((2 * Math.PI * (dayOfYear - 100)) / 365));
}

/** The first day of a window of `days` days ending with the as-of date. */
export function windowStartMs(ctx: SeedContext, days: number): number {
  return ctx.asOfMs - (days - 1) * DAY_MS;
}

export function activityMonths(ctx: SeedContext): string[] {
  return monthsBetween(windowStartMs(ctx, ctx.profile.activityDays), ctx.asOfMs);
}

export function monthsBetween(fromMs: number, toMs: number): string[] {
  const months: string[] = [];
  const from = new Date(fromMs);
  for (
    let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    d.getTime() <= toMs;
    d.setUTCMonth(d.getUTCMonth() + 1)
  ) {
    months.push(d.toISOString().slice(0, 10));
  }
  return months;
}

export function* activityRows(ctx: SeedContext): Generator<string> {
  const days = ctx.profile.activityDays;
  const start = windowStartMs(ctx, days);
  const perMetro = splitByPopulation(ctx.profile.activityEvents, ctx.worlds);
  let id = 0;
  for (const [m, world] of ctx.worlds.entries()) {
    const rng = Rng.stream(ctx.seed, 'activity_events', world.entry.slug);
    const cdf = cellCdf(world, (c) => c.activity);
    const perDay = apportion(
      perMetro[m],
      Array.from({ length: days }, (_, d) => dayFactor(start + d * DAY_MS)),
    );
    const slug = world.entry.slug;
    for (let d = 0; d < days; d++) {
      const day = isoDay(start + d * DAY_MS);
      for (let k = 0; k < perDay[d]; k++) {
        const cell = world.cells[rng.weighted(cdf)];
        const r = rng.float();
        const type =
          r < 0.55 ? 'visit' : r < 0.85 ? 'transaction' : r < 0.95 ? 'checkin' : 'review';
        const at = timestampInDay(day, Math.floor(rng.float() * 86_400));
        const [lat, lng] = jitter(rng, cell.lat, cell.lng, 0.25);
        id++;
        // Every field is escape-free (digits, hex, fixed words), so the COPY line is built directly.
        yield `${id}\t${at}\t${slug}\t${lat}\t${lng}\t${cell.h3}\t${cell.r5}\t${type}\tseed\t${slug}-${id}\n`;
      }
    }
  }
}

export const ACTIVITY_COLUMNS = [
  'id',
  'occurred_at',
  'metro_slug',
  'lat',
  'lng',
  'h3_index',
  'h3_r5',
  'event_type',
  'source',
  'source_event_id',
] as const;
