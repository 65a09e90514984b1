import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Inclusive UTC days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

// Sessions run in UTC, but the conversion is explicit so a stray TimeZone can never shift a day.
const DAY = `(occurred_at AT TIME ZONE 'UTC')::date`;
// Raw rows whose UTC day lies in [$1, $2) ($1, $2 dates); half-open on the timestamp, so the
// partition and BRIN indexes prune.
const IN_WINDOW = `occurred_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
  AND occurred_at < ($2::date)::timestamp AT TIME ZONE 'UTC'`;

/** One INSERT … SELECT per rollup, over the raw rows matching `where`. */
function insertsWhere(where: string): string[] {
  return [
    `INSERT INTO activity_daily_r5 (day, h3_r5, event_count)
     SELECT ${DAY}, h3_r5, count(*)
     FROM activity_events WHERE ${where}
     GROUP BY 1, 2`,
    `INSERT INTO activity_daily_r8
       (metro_slug, day, h3_index, visits, transactions, checkins, reviews)
     SELECT metro_slug, ${DAY}, h3_index,
       count(*) FILTER (WHERE event_type = 'visit'),
       count(*) FILTER (WHERE event_type = 'transaction'),
       count(*) FILTER (WHERE event_type = 'checkin'),
       count(*) FILTER (WHERE event_type = 'review')
     FROM activity_events WHERE ${where}
     GROUP BY 1, 2, 3`,
    `INSERT INTO crime_daily_r5 (day, h3_r5, incident_count, magnitude_sum)
     SELECT ${DAY}, h3_r5, count(*), sum(magnitude::double precision)
     FROM crime_incidents WHERE ${where}
     GROUP BY 1, 2`,
    `INSERT INTO crime_daily_r8
       (metro_slug, day, h3_index, category, incident_count, magnitude_sum)
     SELECT metro_slug, ${DAY}, h3_index, category, count(*), sum(magnitude::double precision)
     FROM crime_incidents WHERE ${where}
     GROUP BY 1, 2, 3, 4`,
  ];
}

const ALL_DAYS = insertsWhere('true');
const ONE_DAY = insertsWhere(IN_WINDOW);

// The r8 primary keys lead with metro_slug: naming every metro lets a day's DELETE use them.
const DELETE_DAY = [
  'DELETE FROM activity_daily_r5 WHERE day = $1',
  'DELETE FROM activity_daily_r8 WHERE metro_slug = ANY($2::text[]) AND day = $1',
  'DELETE FROM crime_daily_r5 WHERE day = $1',
  'DELETE FROM crime_daily_r8 WHERE metro_slug = ANY($2::text[]) AND day = $1',
];

const TABLES = ['activity_daily_r5', 'activity_daily_r8', 'crime_daily_r5', 'crime_daily_r8'];

/**
 * Recomputes the four daily rollups from activity_events and crime_incidents
 * (see docs/geo-scoring/jobs.md#rollups). Ingestion keeps them current with `+=` upserts; this
 * repairs drift and backfills.
 */
@Injectable()
export class RollupsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * With a range: DELETE + INSERT … SELECT one day per transaction, so the ingest path waits at
   * most one day's worth. Without: every day at once, set-based (one pass over the raw tables).
   */
  async rebuild(range?: DayRange): Promise<void> {
    if (range === undefined) {
      await this.dataSource.transaction(async (manager) => {
        await lockRollups(manager);
        for (const table of TABLES) await manager.query(`DELETE FROM ${table}`);
        for (const insert of ALL_DAYS) await manager.query(insert);
      });
      return;
    }
    for (const day of daysOf(range)) {
      await this.dataSource.transaction(async (manager) => {
        await lockRollups(manager);
        const metros = (await manager.query<{ slug: string }[]>('SELECT slug FROM metros')).map(
          (row) => row.slug,
        );
        for (const statement of DELETE_DAY) {
          await manager.query(statement, statement.includes('$2') ? [day, metros] : [day]);
        }
        for (const insert of ONE_DAY) await manager.query(insert, [day, nextDay(day)]);
      });
    }
  }
}

/**
 * Blocks ingest upserts (ROW EXCLUSIVE) but not readers until commit. Without it, an ingest
 * committing between our DELETE and INSERT … SELECT could have its `+=` lost or counted twice;
 * with it, every earlier ingest has committed (its raw rows are visible to us) and every later
 * one adds to the rows we write.
 */
async function lockRollups(manager: EntityManager): Promise<void> {
  await manager.query(`LOCK TABLE ${TABLES.join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
}

/** Every `YYYY-MM-DD` from `from` to `to`, inclusive. */
export function daysOf(range: DayRange): string[] {
  assertDay(range.from);
  assertDay(range.to);
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) days.push(day);
  return days;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new Error(`not a YYYY-MM-DD day: ${day}`);
  }
}

/** Days rollup-reconcile and `geo rollups` recompute by default. */
export const RECONCILE_DAYS = 3;

/** The last `days` UTC days ending on `today`'s UTC date: the reconcile window. */
export function lastDays(days: number, today: Date): DayRange {
  const to = today.toISOString().slice(0, 10);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { from: start.toISOString().slice(0, 10), to };
}
