import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { DataSource } from 'typeorm';
import { METRO_SLUG_PATTERN } from '@platform/geo-domain';

export interface MetroRow {
  slug: string;
  name: string;
  state: string;
  center_lat: number;
  center_lng: number;
  radius_km: number;
  current_diag_run_id: string | null;
}

const COLUMNS = 'slug, name, state, center_lat, center_lng, radius_km, current_diag_run_id';

export function metroNotFound(slug: string): ApiError {
  return new ApiError(404, 'metro_not_found', `No metro with slug "${slug}"`);
}

/** Lookups every metro-scoped route shares; an unknown metro is 404 metro_not_found. */
@Injectable()
export class MetrosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(slug: string): Promise<MetroRow | undefined> {
    // A value that cannot be a slug cannot name a metro: no query needed.
    if (!METRO_SLUG_PATTERN.test(slug)) return undefined;
    const rows: MetroRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM metros WHERE slug = $1`,
      [slug],
    );
    return rows[0];
  }

  async require(slug: string): Promise<MetroRow> {
    const metro = await this.find(slug);
    if (metro === undefined) throw metroNotFound(slug);
    return metro;
  }

  list(): Promise<MetroRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM metros ORDER BY slug`);
  }
}
