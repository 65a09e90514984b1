import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ForecastPort {
  id: string;
  lat: number;
  lon: number;
}

export interface DailyArrivalRow {
  port_id: string;
  day: string;
  arrivals: number;
}

/** A voyage under way at some instant of the window, with what the pipeline method reads. */
export interface UnderwayVoyageRow {
  id: string;
  departed_at: Date;
  arrived_at: Date | null;
  hours_at_sea: number | null;
  laden: boolean | null;
  declared_port_id: string | null;
  /** The vessel's reliability_pct / 100, else the fleet mean, else 0.5. */
  reliability: number;
  h3_sequence: string[];
}

/** Reads the facts forecasts are made from: ports, daily arrivals, voyages under way. */
@Injectable()
export class ForecastInputsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async ports(): Promise<ForecastPort[]> {
    return (await this.db.query(
      'SELECT id::text AS id, lat, lon FROM ports ORDER BY id',
    )) as ForecastPort[];
  }

  /** The UTC day of the first port call ever, or null without any. */
  async firstArrivalDay(): Promise<string | null> {
    const rows = (await this.db.query(
      `SELECT to_char(min(arrived_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM port_calls`,
    )) as { day: string | null }[];
    return rows[0]?.day ?? null;
  }

  /** Arrivals per (port, UTC day of arrived_at) for days in [from, to); days without any are absent. */
  async dailyArrivals(from: string, to: string): Promise<DailyArrivalRow[]> {
    return (await this.db.query(
      `SELECT port_id::text AS port_id,
              to_char(arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS arrivals
       FROM port_calls
       WHERE arrived_at >= $1::date AT TIME ZONE 'UTC' AND arrived_at < $2::date AT TIME ZONE 'UTC'
       GROUP BY 1, 2`,
      [from, to],
    )) as DailyArrivalRow[];
  }

  /** Voyages departed before `to` and not arrived before `from` (under way at some point of it). */
  async underwayBetween(from: Date, to: Date): Promise<UnderwayVoyageRow[]> {
    const rows = (await this.db.query(
      `WITH fleet AS (SELECT avg(reliability_pct) AS pct FROM destination_reliability)
       SELECT v.id::text AS id, v.departed_at, v.arrived_at, v.hours_at_sea, v.laden,
              v.declared_port_id::text AS declared_port_id,
              coalesce(r.reliability_pct, fleet.pct, 50)::float8 / 100 AS reliability, v.h3_sequence
       FROM voyages v CROSS JOIN fleet
       LEFT JOIN destination_reliability r ON r.imo = v.imo
       WHERE v.departed_at < $2 AND (v.arrived_at IS NULL OR v.arrived_at >= $1)
       ORDER BY v.id`,
      [from, to],
    )) as UnderwayVoyageRow[];
    return rows;
  }
}
