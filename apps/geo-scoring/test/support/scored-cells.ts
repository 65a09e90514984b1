// Cells of the tiny seed to place portfolio members in, read from the file's database.
import type { DataSource } from 'typeorm';

export interface ScoredCell {
  h3_index: string;
  lat: number;
  lng: number;
  composite: number;
}

/** `count` scored cells (composite not null), by h3 index; a point at each cell's centre. */
export function scoredCells(db: DataSource, count: number): Promise<ScoredCell[]> {
  return db.query(
    `SELECT c.h3_index, c.lat, c.lng, s.composite FROM cells c JOIN cell_scores s USING (h3_index)
     WHERE s.composite IS NOT NULL ORDER BY c.h3_index LIMIT $1`,
    [count],
  );
}

/** Sets the current composite of a cell (as a score refresh would). */
export async function setComposite(
  db: DataSource,
  h3Index: string,
  composite: number,
): Promise<void> {
  await db.query('UPDATE cell_scores SET composite = $2 WHERE h3_index = $1', [h3Index, composite]);
}

/** A point in Kansas: a valid resolution-8 cell no metro covers, so never scored. */
export const UNSCORED_POINT = { lat: 38.5, lng: -98.5 };
