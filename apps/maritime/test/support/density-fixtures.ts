import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

/** The density-daily window is relative to the database's own date, so fixtures are too. */
export const BULK_A = testImo(801);
export const BULK_B = testImo(802);
export const BULK_C = testImo(803);
export const TANKER = testImo(804);

/** Off Rotterdam; the disk of radius 20 round it holds 1261 res-8 cells. */
export const CENTER = latLngToCell(51.95, 3.6, 8);
export const DISK = gridDisk(CENTER, 20);

interface Fix {
  imo: string;
  mmsi: string;
  ts: string;
  cell: string;
}

/**
 * One day of positions for density: BULK_A crosses every cell of DISK once (a minute apart),
 * and comes back to CENTER twice in one later hour; BULK_B sits in CENTER for two hours;
 * BULK_C passes DISK[1]; the tanker passes CENTER. So for bulk_carrier on `day`:
 * CENTER has 4 vessel-hours of 2 vessels, DISK[1] 2 of 2, every other cell 1 of 1.
 */
export async function insertDensityDay(db: DataSource, day: string): Promise<void> {
  await insertReference(db);
  await insertVessels(db, [
    { imo: BULK_A, mmsi: '351000801', name: 'DENSE ONE' },
    { imo: BULK_B, mmsi: '351000802', name: 'DENSE TWO' },
    { imo: BULK_C, mmsi: '351000803', name: 'DENSE THREE' },
    { imo: TANKER, mmsi: '351000804', name: 'DENSE TANKER', vessel_type: 'tanker' },
  ]);
  const at = (minutes: number): string =>
    new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString();
  const fixes: Fix[] = DISK.map((cell, i) => ({ imo: BULK_A, mmsi: '351000801', ts: at(i), cell }));
  fixes.push(
    { imo: BULK_A, mmsi: '351000801', ts: at(22 * 60), cell: CENTER },
    { imo: BULK_A, mmsi: '351000801', ts: at(22 * 60 + 30), cell: CENTER },
    { imo: BULK_B, mmsi: '351000802', ts: at(60), cell: CENTER },
    { imo: BULK_B, mmsi: '351000802', ts: at(60 + 15), cell: CENTER },
    { imo: BULK_B, mmsi: '351000802', ts: at(120), cell: CENTER },
    { imo: BULK_C, mmsi: '351000803', ts: at(300), cell: DISK[1]! },
    { imo: TANKER, mmsi: '351000804', ts: at(400), cell: CENTER },
  );
  const points = fixes.map((f) => cellToLatLng(f.cell));
  await db.query(
    `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, source)
     SELECT * , 'satellite' FROM unnest($1::text[], $2::text[], $3::timestamptz[],
       $4::float8[], $5::float8[], $6::text[])`,
    [
      fixes.map((f) => f.imo),
      fixes.map((f) => f.mmsi),
      fixes.map((f) => f.ts),
      points.map((p) => p[0]),
      points.map((p) => p[1]),
      fixes.map((f) => f.cell),
    ],
  );
}
