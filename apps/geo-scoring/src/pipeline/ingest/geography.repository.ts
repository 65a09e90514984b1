// Metro geometry writes of the ingest: metros, their generated cells, and the precomputed
// cells.location_name (the nearest neighbourhood or suburb within 5 km; see
// docs/geo-scoring/data-model.md#reference-and-geography).
import { Injectable } from '@nestjs/common';
import { cellToLatLng, cellToParent } from 'h3-js';
import { sqlHaversine } from '@platform/geo-domain';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

export interface MetroRow {
  slug: string;
  name: string;
  state: string;
  centerLat: number;
  centerLng: number;
  radiusKm: number;
  excludePolygons: [number, number][][];
  countyFips: string[];
}

/** 5 km in degrees of latitude, rounded up: a cheap prefilter before the haversine test. */
const LOCATION_NAME_DEGREES = 0.046;

@Injectable()
export class GeographyRepository extends TransactionalRepository {
  async upsertMetro(metro: MetroRow): Promise<boolean> {
    const rows = await this.db.query<{ inserted: boolean }[]>(
      `INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km,
         exclude_polygons, county_fips)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::text[])
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, state = EXCLUDED.state,
         center_lat = EXCLUDED.center_lat, center_lng = EXCLUDED.center_lng,
         radius_km = EXCLUDED.radius_km, exclude_polygons = EXCLUDED.exclude_polygons,
         county_fips = EXCLUDED.county_fips
       RETURNING (xmax = 0) AS inserted`,
      [
        metro.slug,
        metro.name,
        metro.state,
        metro.centerLat,
        metro.centerLng,
        metro.radiusKm,
        JSON.stringify(metro.excludePolygons),
        metro.countyFips,
      ],
    );
    return rows[0]?.inserted ?? false;
  }

  /**
   * Makes the metro's cells exactly `cells`: new ones are inserted (a cell already owned by
   * another metro stays with it), vanished ones are deleted with what hangs off them.
   */
  async replaceMetroCells(slug: string, cells: readonly string[]): Promise<void> {
    const centres = cells.map((cell) => cellToLatLng(cell));
    await this.db.query(
      `DELETE FROM cells WHERE metro_slug = $1 AND NOT (h3_index = ANY($2::text[]))`,
      [slug, cells],
    );
    await this.db.query(
      `INSERT INTO cells (h3_index, metro_slug, lat, lng, h3_r7, h3_r5)
       SELECT u.h3_index, $1, u.lat, u.lng, u.h3_r7, u.h3_r5
       FROM unnest($2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[])
         AS u (h3_index, lat, lng, h3_r7, h3_r5)
       ON CONFLICT (h3_index) DO NOTHING`,
      [
        slug,
        cells,
        centres.map(([lat]) => lat),
        centres.map(([, lng]) => lng),
        cells.map((cell) => cellToParent(cell, 7)),
        cells.map((cell) => cellToParent(cell, 5)),
      ],
    );
  }

  /** Recomputes cells.location_name of the metros: nearest neighbourhood/suburb ≤ 5 km. */
  async refreshLocationNames(metros: readonly string[]): Promise<void> {
    if (metros.length === 0) return;
    const distance = sqlHaversine('c.lat', 'c.lng', 'n.lat', 'n.lng');
    await this.db.query(
      `UPDATE cells SET location_name = nearest.name
       FROM (
         SELECT c.h3_index, (
           SELECT n.name FROM named_locations n
           WHERE n.metro_slug = c.metro_slug AND n.kind IN ('neighborhood', 'suburb')
             AND n.lat BETWEEN c.lat - ${LOCATION_NAME_DEGREES} AND c.lat + ${LOCATION_NAME_DEGREES}
             AND ${distance} <= 5000
           ORDER BY ${distance}, n.name LIMIT 1) AS name
         FROM cells c WHERE c.metro_slug = ANY($1::text[])
       ) nearest
       WHERE cells.h3_index = nearest.h3_index
         AND cells.location_name IS DISTINCT FROM nearest.name`,
      [metros],
    );
  }
}
