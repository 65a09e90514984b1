// Many vessels at once for the export-cap tests: `count` containerships (IMOs 9,7xx,xxx) with
// one completed rotterdam -> singapore voyage each, arriving in `year`. Needs the reference
// ports (insertReference) already in place.
import { imoFromPrefix } from '@platform/maritime-domain';
import type { DataSource } from 'typeorm';

export async function insertYearOfContainerships(
  db: DataSource,
  count: number,
  year: number,
): Promise<string[]> {
  const imos = Array.from({ length: count }, (_, i) => imoFromPrefix(String(970_000 + i)));
  const mmsis = imos.map((_, i) => String(538_000_000 + i));
  await db.query(
    `INSERT INTO vessels (imo, mmsi, name, vessel_type, flag, build_year, dwt, gt,
       design_speed_kn, design_fuel_t_day, fuel_type)
     SELECT imo, mmsi, 'BOX ' || n, 'container', 'PA', 2015, 60000 + n * 10, 50000, 20, 60, 'MGO'
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS v (imo, mmsi, n)`,
    [imos, mmsis],
  );
  await db.query(
    `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status,
       distance_nm, hours_at_sea, laden, cargo_t)
     SELECT imo, o.id, d.id, make_timestamptz($2, 5, 1, 0, 0, 0, 'UTC'),
       make_timestamptz($2, 5, 21, 0, 0, 0, 'UTC'), 'completed', 8000 + n, 480, true, 30000
     FROM unnest($1::text[]) WITH ORDINALITY AS v (imo, n)
     CROSS JOIN (SELECT id FROM ports WHERE slug = 'rotterdam') o
     CROSS JOIN (SELECT id FROM ports WHERE slug = 'singapore') d`,
    [imos, year],
  );
  return imos;
}
