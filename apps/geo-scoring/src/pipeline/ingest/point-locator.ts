// Which metro a point belongs to: the metro that owns the point's res-8 cell in
// `cells`. A point whose cell belongs to no metro is outside every metro, whatever its distance
// to a centre, so water exclusions and radius edges follow the generated cells exactly.
import { Inject, Injectable } from '@nestjs/common';
import { cellToParent, getResolution, isValidCell, latLngToCell } from 'h3-js';
import type { SqlRunner } from '@platform/database';
import { METRO_CELL_RESOLUTION } from '@platform/geo-domain';
import { DataSource } from 'typeorm';

export interface LocatedCell {
  h3Index: string;
  h3R5: string;
  metroSlug: string;
}

/** The res-8 cell of a point (what `h3_index` of every record is). */
export function pointCell(lat: number, lng: number): string {
  return latLngToCell(lat, lng, METRO_CELL_RESOLUTION);
}

/** The res-5 parent of a res-8 cell (heatmap rollups). */
export function cellR5(h3Index: string): string {
  return cellToParent(h3Index, 5);
}

/** True for a valid res-8 H3 index in the stored form (15 lowercase hex characters). */
export function isRes8Cell(value: string): boolean {
  return (
    /^[0-9a-f]{15}$/.test(value) &&
    isValidCell(value) &&
    getResolution(value) === METRO_CELL_RESOLUTION
  );
}

@Injectable()
export class PointLocator {
  constructor(@Inject(DataSource) private readonly db: SqlRunner) {}

  /** Locates each point (same order); null when its cell belongs to no metro. One query. */
  async locate(points: readonly { lat: number; lng: number }[]): Promise<(LocatedCell | null)[]> {
    const cells = points.map((p) => pointCell(p.lat, p.lng));
    const owners = await this.metrosOf([...new Set(cells)]);
    return cells.map((h3Index) => {
      const owner = owners.get(h3Index);
      return owner === undefined ? null : { h3Index, h3R5: owner.h3R5, metroSlug: owner.metroSlug };
    });
  }

  /** Metro and res-5 parent of the given cells that exist in `cells`. */
  async metrosOf(
    cells: readonly string[],
  ): Promise<Map<string, { metroSlug: string; h3R5: string }>> {
    const owners = new Map<string, { metroSlug: string; h3R5: string }>();
    if (cells.length === 0) return owners;
    const rows = await this.db.query<{ h3_index: string; metro_slug: string; h3_r5: string }[]>(
      'SELECT h3_index, metro_slug, h3_r5 FROM cells WHERE h3_index = ANY($1::text[])',
      [cells],
    );
    for (const row of rows)
      owners.set(row.h3_index, { metroSlug: row.metro_slug, h3R5: row.h3_r5 });
    return owners;
  }
}
