import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface LatestFixRow {
  imo: string;
  mmsi: string;
  vessel_name: string;
  ts: Date;
  lat: number;
  lon: number;
  h3_r8: string;
  sog_kn: number | null;
  cog_deg: number | null;
  heading: number | null;
  nav_status: number | null;
  draft_m: number | null;
  source: string;
}

@Injectable()
export class LatestLocationRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The newest fix in (since, until] from `source` (null: any source); the PK index serves it. */
  async latest(
    imo: string,
    source: 'terrestrial' | 'satellite' | null,
    since: Date,
    until: Date,
  ): Promise<LatestFixRow | undefined> {
    const rows = (await this.db.query(
      `SELECT p.imo, p.mmsi, v.name AS vessel_name, p.ts, p.lat, p.lon, p.h3_r8, p.sog_kn,
         p.cog_deg, p.heading, p.nav_status, p.draft_m, p.source
       FROM ais_positions p JOIN vessels v ON v.imo = p.imo
       WHERE p.imo = $1 AND p.ts > $2 AND p.ts <= $3 AND ($4::text IS NULL OR p.source = $4)
       ORDER BY p.ts DESC LIMIT 1`,
      [imo, since, until, source],
    )) as LatestFixRow[];
    return rows[0];
  }
}
