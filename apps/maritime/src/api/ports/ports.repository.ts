import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PortRow {
  id: string;
  slug: string;
  name: string;
  unlocode: string;
  country_code: string;
  country_name: string;
  lat: number;
  lon: number;
  h3_r8: string;
  port_radius_km: number;
  anchorage_radius_km: number;
  aliases: string[];
}

const COLUMNS = `id::text AS id, slug, name, unlocode, country_code, country_name, lat, lon, h3_r8,
  port_radius_km, anchorage_radius_km, aliases`;

@Injectable()
export class PortsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(country?: string): Promise<PortRow[]> {
    return (await this.db.query(
      `SELECT ${COLUMNS} FROM ports WHERE $1::text IS NULL OR country_code = $1 ORDER BY slug`,
      [country ?? null],
    )) as PortRow[];
  }

  async find(slug: string): Promise<PortRow | undefined> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM ports WHERE slug = $1`, [
      slug,
    ])) as PortRow[];
    return rows[0];
  }

  /** Vessels at anchor (arrived, not berthed) and at berth at `at`, from port calls. */
  async occupancy(portId: string, at: Date): Promise<{ waiting: number; at_berth: number }> {
    const rows = (await this.db.query(
      `SELECT count(*) FILTER (WHERE berthed_at IS NULL OR berthed_at > $2)::int AS waiting,
              count(*) FILTER (WHERE berthed_at <= $2)::int AS at_berth
       FROM port_calls WHERE port_id = $1::bigint AND arrived_at <= $2
         AND (departed_at IS NULL OR departed_at > $2)`,
      [portId, at],
    )) as { waiting: number; at_berth: number }[];
    return rows[0] ?? { waiting: 0, at_berth: 0 };
  }
}
