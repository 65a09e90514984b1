import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlHaversine } from '../geography/haversine';

/** The record types of /api/nearby, in response order (activity events are excluded: design 2.8). */
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
  // Candidates come from the (h3_index, …) indexes of the 19 cells; the exact radius is the
  // haversine test. count(*) OVER () is taken before LIMIT, so it counts every record in range.
  return `SELECT r.id::text AS id, r.date, r.lat, r.lng,
      round(r.distance::numeric, 1)::float8 AS distance_m, ${query.columns},
      count(*) OVER () AS total
    FROM (
      SELECT *, ${query.sortBy} AS sort_at, ${query.date} AS date, ${distance} AS distance
      FROM ${query.table}
      WHERE h3_index = ANY($1::text[]) AND ${query.where}
    ) r
    WHERE r.distance <= $4
    ORDER BY r.sort_at DESC, r.id DESC
    LIMIT $7`;
}

/** Records around a point (design 2.8 nearby): the one read route that reads raw records. */
@Injectable()
export class NearbyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async records(type: NearbyType, search: NearbySearch): Promise<NearbyRow[]> {
    return this.dataSource.query<NearbyRow[]>(sql(QUERIES[type]), [
      search.cells,
      search.lat,
      search.lng,
      search.radiusM,
      search.from,
      search.to,
      search.limit,
    ]);
  }
}
