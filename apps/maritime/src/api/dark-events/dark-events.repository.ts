import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DarkEventRow {
  id: string;
  imo: string;
  vessel_name: string;
  started_at: Date;
  ended_at: Date | null;
  gap_hours: string | null;
  start_lat: number;
  start_lon: number;
  end_lat: number | null;
  end_lon: number | null;
  zone: string | null;
  zone_name: string | null;
  severity: string;
  confidence: string;
  occurred_at: Date;
}

export interface DarkEventFilter {
  imo?: string;
  severity?: string;
  ongoing?: boolean;
  since: Date | null;
  /** Detections after this are not visible yet (the plan's sync delay). */
  occurredUntil: Date;
  after?: { occurredAt: string; id: string };
  limit: number;
}

@Injectable()
export class DarkEventsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Newest detection first; the (occurred_at DESC, id DESC) index serves the keyset. */
  async page(filter: DarkEventFilter): Promise<DarkEventRow[]> {
    return (await this.db.query(
      `SELECT d.id::text AS id, d.imo, v.name AS vessel_name, d.started_at, d.ended_at, d.gap_hours,
         d.start_lat, d.start_lon, d.end_lat, d.end_lon, z.slug AS zone, z.name AS zone_name,
         d.severity, d.confidence, d.occurred_at
       FROM dark_events d JOIN vessels v ON v.imo = d.imo LEFT JOIN risk_zones z ON z.id = d.zone_id
       WHERE ($1::text IS NULL OR d.imo = $1)
         AND ($2::text IS NULL OR d.severity = $2)
         AND ($3::boolean IS NULL OR (d.ended_at IS NULL) = $3)
         AND ($4::timestamptz IS NULL OR d.occurred_at >= $4)
         AND d.occurred_at <= $5
         AND ($6::timestamptz IS NULL OR (d.occurred_at, d.id) < ($6, $7::bigint))
       ORDER BY d.occurred_at DESC, d.id DESC LIMIT $8`,
      [
        filter.imo ?? null,
        filter.severity ?? null,
        filter.ongoing ?? null,
        filter.since,
        filter.occurredUntil,
        filter.after?.occurredAt ?? null,
        filter.after?.id ?? null,
        filter.limit + 1,
      ],
    )) as DarkEventRow[];
  }
}
