import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { haversineBounds, sqlHaversine } from '@platform/geo-domain';

/** The record types of /api/nearby, in response order (activity events are telemetry, excluded). */
export const NEARBY_TYPES = [
  'permits',
  'crime_incidents',
  'business_licenses',
  'zba_decisions',
  'construction_detections',
] as const;

export type NearbyType = (typeof NEARBY_TYPES)[number];

export interface NearbySearch {
  /** Candidate res-8 cells (gridDisk of the point's cell). */
  cells: string[];
  lat: number;
  lng: number;
  radiusM: number;
  /** First and last day (YYYY-MM-DD, UTC) of the dated windows; today is `to`. */
  from: string;
  to: string;
  /** Records returned per type (the count covers all of them). */
  limit: number;
}

/** Columns common to every type, as the database returns them. */
export interface NearbyRow {
  id: string;
  date: string;
  lat: number;
  lng: number;
  distance_m: number;
  total: string;
  [column: string]: unknown;
}

interface TypeQuery {
  table: string;
  /** Type-specific columns of the row `r`. */
  columns: string;
  /** What "newest" orders by. */
  sortBy: string;
  /** The item's `date`: the UTC date of sortBy. */
  date: string;
  /** The window ($5 = from, $6 = to, both dates; today = $6). */
  where: string;
}

// Timestamps are compared against UTC day boundaries, whatever the session time zone.
const UTC_MIDNIGHT = (day: string): string => `((${day})::timestamp AT TIME ZONE 'UTC')`;

const QUERIES: Record<NearbyType, TypeQuery> = {
  permits: {
    table: 'permits',
    columns: 'r.permit_number, r.permit_type, r.value::float8 AS value, r.address',
    sortBy: 'filed_date',
    date: "to_char(filed_date, 'YYYY-MM-DD')",
    where: 'filed_date BETWEEN $5::date AND $6::date',
  },
  crime_incidents: {
    table: 'crime_incidents',
    columns: 'r.category, r.offense, r.magnitude::float8 AS magnitude',
    sortBy: 'occurred_at',
    date: "to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    where: `occurred_at >= ${UTC_MIDNIGHT('$5::date')} AND occurred_at < ${UTC_MIDNIGHT('$6::date + 1')}`,
  },
  business_licenses: {
    table: 'business_licenses',
    columns: 'r.business_name, r.naics_code, r.pioneer_tier, r.address',
    sortBy: 'occurred_at',
    date: "to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    // Active now: not closed, or closing after today. $5 is unused but keeps the numbering.
    where: '(close_date IS NULL OR close_date > $6::date) AND $5::date IS NOT NULL',
  },
  zba_decisions: {
    table: 'zba_decisions',
    columns: 'r.case_number, r.variance_type, r.outcome, r.address',
    sortBy: 'decision_date',
    date: "to_char(decision_date, 'YYYY-MM-DD')",
    where: 'decision_date BETWEEN $5::date AND $6::date',
  },
  construction_detections: {
    table: 'construction_detections',
    columns: 'r.estimated_area_sqft, r.confidence, r.nearest_permit_id',
    sortBy: 'last_detected',
    date: "to_char(last_detected, 'YYYY-MM-DD')",
    where: 'last_detected BETWEEN $5::date AND $6::date',
  },
};

function sql(query: TypeQuery): string {
  const distance = sqlHaversine('$2::float8', '$3::float8', 'lat', 'lng');
  // in_range tests the exact radius (haversine) on the records of the 19 candidate cells with
  // the columns of the nearby indexes alone (an index-only scan); the table is read for the
  // `limit` newest only. The box ($8-$11) holds the whole circle, so it only spares the
  // trigonometry for the ~70 % of candidates outside it (about half the query's time). The materialised CTE also stops the planner from answering ORDER BY …
  // LIMIT by walking a table-wide date index as if count(*) OVER () could stop early (it read
  // all 450,000 licences of the standard seed for 1,500 in range).
  return `WITH in_range AS MATERIALIZED (
      SELECT id, sort_at, distance
      FROM (
        SELECT id, ${query.sortBy} AS sort_at, ${distance} AS distance
        FROM ${query.table}
        WHERE h3_index = ANY($1::text[]) AND ${query.where}
          AND lat BETWEEN $8::float8 AND $9::float8 AND lng BETWEEN $10::float8 AND $11::float8
      ) candidate
      WHERE distance <= $4
    ),
    newest AS (SELECT * FROM in_range ORDER BY sort_at DESC, id DESC LIMIT $7)
    SELECT r.id::text AS id, ${query.date} AS date, r.lat, r.lng,
      round(n.distance::numeric, 1)::float8 AS distance_m, ${query.columns},
      (SELECT count(*) FROM in_range) AS total
    FROM newest n
    JOIN ${query.table} r ON r.id = n.id
    ORDER BY n.sort_at DESC, n.id DESC`;
}

/**
 * Records around a point (see docs/geo-scoring/analytics.md#nearby): the one read route that reads
 * raw records.
 */
@Injectable()
export class NearbyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async records(type: NearbyType, search: NearbySearch): Promise<NearbyRow[]> {
    const box = haversineBounds(search.lat, search.lng, search.radiusM);
    return this.dataSource.query<NearbyRow[]>(sql(QUERIES[type]), [
      search.cells,
      search.lat,
      search.lng,
      search.radiusM,
      search.from,
      search.to,
      search.limit,
      box.minLat,
      box.maxLat,
      box.minLng,
      box.maxLng,
    ]);
  }
}
