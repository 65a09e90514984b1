// Activity events (see docs/geo-scoring/data-model.md#raw-records), keyed by (source,
// source_event_id, occurred_at); monthly partitions are ensured before the chunk's transaction,
// rollups move inside it.
import { RollupDeltasRepository } from '../rollup-deltas.repository';
import { ActivityContribution, EVENT_TYPES, EventType } from '@platform/geo-domain';
import { cellOf, DatasetHandler, distinct } from './dataset';
import { Fields, latLng, oneOf, str, timestamp, utcDay } from './fields';

interface ActivityEvent {
  source: string;
  sourceEventId: string;
  occurredAt: string;
  eventType: EventType;
  lat: number;
  lng: number;
}

interface PreviousEvent {
  metro_slug: string;
  day: string;
  h3_index: string;
  h3_r5: string;
  event_type: EventType;
}

export function activityEventsDataset(
  rollupDeltas: RollupDeltasRepository,
): DatasetHandler<ActivityEvent> {
  return {
    name: 'activity-events',
    followUp: 'scores',
    parse: (f: Fields) => ({
      source: str(f, 'source', 100),
      sourceEventId: str(f, 'source_event_id', 200),
      occurredAt: timestamp(f, 'occurred_at'),
      eventType: oneOf(f, 'event_type', EVENT_TYPES),
      ...latLng(f),
    }),
    point: (r) => r,
    key: (r) => `${r.source}|${r.sourceEventId}|${r.occurredAt}`,
    async prepare(db, rows) {
      // Creating a partition locks the parent: done before, in its own short statement.
      const months = distinct(rows.map((r) => `${r.record.occurredAt.slice(0, 7)}-01`)).sort();
      for (const month of months) {
        await db.query(`SELECT geo_ensure_month_partition('activity_events', $1::date)`, [month]);
      }
    },
    async write(tx, rows) {
      const sources = rows.map((r) => r.record.source);
      const ids = rows.map((r) => r.record.sourceEventId);
      const times = rows.map((r) => r.record.occurredAt);
      // What the versions being replaced contributed to the rollups (locked until commit).
      const previous = await tx.query<PreviousEvent[]>(
        `SELECT e.metro_slug, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
         e.h3_index, e.h3_r5, e.event_type
       FROM activity_events e
       JOIN unnest($1::text[], $2::text[], $3::timestamptz[]) AS k (source, source_event_id, occurred_at)
         ON e.source = k.source AND e.source_event_id = k.source_event_id
         AND e.occurred_at = k.occurred_at
       FOR UPDATE OF e`,
        [sources, ids, times],
      );
      // Partitioned tables have no xmax in RETURNING: the locked previous versions tell inserts
      // from updates (keys are unique within a chunk).
      await tx.query(
        `INSERT INTO activity_events (occurred_at, metro_slug, lat, lng, h3_index, h3_r5,
         event_type, source, source_event_id)
       SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::float8[], $4::float8[], $5::text[],
         $6::text[], $7::text[], $8::text[], $9::text[])
       ON CONFLICT (source, source_event_id, occurred_at) DO UPDATE SET
         metro_slug = EXCLUDED.metro_slug, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
         h3_index = EXCLUDED.h3_index, h3_r5 = EXCLUDED.h3_r5, event_type = EXCLUDED.event_type`,
        [
          times,
          rows.map((r) => cellOf(r).metroSlug),
          rows.map((r) => r.record.lat),
          rows.map((r) => r.record.lng),
          rows.map((r) => cellOf(r).h3Index),
          rows.map((r) => cellOf(r).h3R5),
          rows.map((r) => r.record.eventType),
          sources,
          ids,
        ],
      );
      const removed: ActivityContribution[] = previous.map((p) => ({
        metroSlug: p.metro_slug,
        day: p.day,
        h3Index: p.h3_index,
        h3R5: p.h3_r5,
        eventType: p.event_type,
      }));
      const added: ActivityContribution[] = rows.map((r) => ({
        metroSlug: cellOf(r).metroSlug,
        day: utcDay(r.record.occurredAt),
        h3Index: cellOf(r).h3Index,
        h3R5: cellOf(r).h3R5,
        eventType: r.record.eventType,
      }));
      await rollupDeltas.withTransaction(tx).applyActivity(removed, added);
      const metros = distinct([...removed, ...added].map((c) => c.metroSlug));
      return { inserted: rows.length - previous.length, updated: previous.length, metros };
    },
  };
}
