import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface FreightRateRow {
  id: string;
  vessel_type: string;
  route_code: string;
  origin_port: string | null;
  destination_port: string | null;
  rate_value: number;
  rate_unit: string;
  assessed_on: string;
  source: string;
  created_at: Date;
}

export interface NewFreightRate {
  vessel_type: string;
  route_code: string;
  origin_port_id: string | null;
  dest_port_id: string | null;
  rate_value: number;
  rate_unit: string;
  assessed_on: string;
  source: string;
  submitted_by: string;
}

const SELECT = `SELECT f.id::text AS id, f.vessel_type, f.route_code, o.slug AS origin_port,
    d.slug AS destination_port, f.rate_value::float8 AS rate_value, f.rate_unit,
    f.assessed_on::text AS assessed_on, f.source, f.created_at
  FROM freight_rates f
  LEFT JOIN ports o ON o.id = f.origin_port_id
  LEFT JOIN ports d ON d.id = f.dest_port_id`;

@Injectable()
export class FreightRatesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Newest assessment first (the freight_rates_recent index). */
  async list(filter: {
    vesselType?: string;
    routeCode?: string;
    limit: number;
  }): Promise<FreightRateRow[]> {
    return (await this.db.query(
      `${SELECT}
       WHERE ($1::text IS NULL OR f.vessel_type = $1) AND ($2::text IS NULL OR f.route_code = $2)
       ORDER BY f.assessed_on DESC, f.id DESC LIMIT $3`,
      [filter.vesselType ?? null, filter.routeCode ?? null, filter.limit],
    )) as FreightRateRow[];
  }

  async portIds(slugs: readonly string[]): Promise<Map<string, string>> {
    const rows = (await this.db.query(
      'SELECT slug, id::text AS id FROM ports WHERE slug = ANY($1::text[])',
      [slugs],
    )) as { slug: string; id: string }[];
    return new Map(rows.map((r) => [r.slug, r.id]));
  }

  /** The new rate, or undefined when (vessel_type, route_code, assessed_on, source) exists. */
  async insert(rate: NewFreightRate): Promise<FreightRateRow | undefined> {
    const inserted = (await this.db.query(
      `INSERT INTO freight_rates (vessel_type, route_code, origin_port_id, dest_port_id,
         rate_value, rate_unit, assessed_on, source, submitted_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (vessel_type, route_code, assessed_on, source) DO NOTHING
       RETURNING id::text AS id`,
      [
        rate.vessel_type,
        rate.route_code,
        rate.origin_port_id,
        rate.dest_port_id,
        rate.rate_value,
        rate.rate_unit,
        rate.assessed_on,
        rate.source,
        rate.submitted_by,
      ],
    )) as { id: string }[];
    const id = inserted[0]?.id;
    if (id === undefined) return undefined;
    const rows = (await this.db.query(`${SELECT} WHERE f.id = $1::bigint`, [
      id,
    ])) as FreightRateRow[];
    return rows[0];
  }
}
