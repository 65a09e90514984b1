import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ExportPort {
  port: string;
  port_name: string;
  share: number;
}

export interface RegionRow {
  id: string;
  slug: string;
  name: string;
  country: string;
  crop: string;
  lat: number;
  lon: number;
  harvested_area_ha: number;
  baseline_yield_t_ha: number;
  export_share: number;
  season_start_doy: number;
  season_end_doy: number;
  export_ports: ExportPort[];
}

export interface NdviRow {
  region_id: string;
  observed_on: string;
  ndvi: number;
  baseline_ndvi: number | null;
}

const REGION_COLUMNS = `r.id::text AS id, r.slug, r.name, r.country, r.crop, r.lat, r.lon,
  r.harvested_area_ha, r.baseline_yield_t_ha::float8 AS baseline_yield_t_ha,
  r.export_share::float8 AS export_share, r.season_start_doy, r.season_end_doy,
  coalesce((SELECT jsonb_agg(jsonb_build_object('port', p.slug, 'port_name', p.name,
                                                'share', (e->>'share')::float8)
                             ORDER BY (e->>'share')::float8 DESC, p.slug)
            FROM jsonb_array_elements(r.export_ports) e
            JOIN ports p ON p.id = (e->>'port_id')::bigint), '[]'::jsonb) AS export_ports`;

@Injectable()
export class SatelliteRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Regions by slug, optionally of one crop, one country (any case) or one slug. */
  async regions(filter: { crop?: string; country?: string; slug?: string }): Promise<RegionRow[]> {
    return (await this.db.query(
      `SELECT ${REGION_COLUMNS} FROM crop_regions r
       WHERE ($1::text IS NULL OR r.crop = $1) AND ($2::text IS NULL OR lower(r.country) = lower($2))
         AND ($3::text IS NULL OR r.slug = $3)
       ORDER BY r.slug`,
      [filter.crop ?? null, filter.country ?? null, filter.slug ?? null],
    )) as RegionRow[];
  }

  /** Composites of the regions observed in [from, to] (days), oldest first. */
  async observations(regionIds: readonly string[], from: string, to: string): Promise<NdviRow[]> {
    return (await this.db.query(
      `SELECT region_id::text AS region_id, observed_on::text AS observed_on, ndvi::float8 AS ndvi,
              baseline_ndvi::float8 AS baseline_ndvi
       FROM ndvi_observations
       WHERE region_id = ANY($1::bigint[]) AND observed_on BETWEEN $2::date AND $3::date
       ORDER BY region_id, observed_on`,
      [regionIds, from, to],
    )) as NdviRow[];
  }

  /** Each region's newest composite observed on or before `day`. */
  async latest(regionIds: readonly string[], day: string): Promise<NdviRow[]> {
    return (await this.db.query(
      `SELECT DISTINCT ON (region_id) region_id::text AS region_id,
              observed_on::text AS observed_on, ndvi::float8 AS ndvi,
              baseline_ndvi::float8 AS baseline_ndvi
       FROM ndvi_observations
       WHERE region_id = ANY($1::bigint[]) AND observed_on <= $2::date
       ORDER BY region_id, observed_on DESC`,
      [regionIds, day],
    )) as NdviRow[];
  }
}
