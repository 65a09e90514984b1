import { imoFromPrefix } from '@platform/maritime-domain';
import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';

/** A small hand-built world for tests that do not need the seed: two ports, a zone, vessels. */
export const PORTS = {
  rotterdam: { slug: 'rotterdam', unlocode: 'NLRTM', lat: 51.95, lon: 4.05, country: 'NL' },
  singapore: { slug: 'singapore', unlocode: 'SGSIN', lat: 1.26, lon: 103.78, country: 'SG' },
} as const;

export interface TestVessel {
  imo: string;
  mmsi: string;
  name: string;
  vessel_type?: string;
  flag?: string;
  build_year?: number;
}

/** Distinct valid IMO numbers for tests: 9000000 + n with its check digit. */
export function testImo(n: number): string {
  return imoFromPrefix(String(900_000 + n).padStart(6, '0'));
}

export async function insertReference(db: DataSource): Promise<{ ports: Record<string, string> }> {
  await db.query(`INSERT INTO flag_states (iso2, name, category, mids) VALUES
    ('PA', 'Panama', 'open_registry', '{351,352,353,354,355,356,357,370,371,372,373}'),
    ('NO', 'Norway', 'standard', '{257,258,259}'),
    ('KP', 'North Korea', 'sanctioned', '{445}')
    ON CONFLICT DO NOTHING`);
  const ids: Record<string, string> = {};
  for (const port of Object.values(PORTS)) {
    const rows = (await db.query(
      `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8, aliases)
       VALUES ($1, initcap($1), $2, $3, $7, $4, $5, $6, '{}')
       ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id::text AS id`,
      [
        port.slug,
        port.unlocode,
        port.country,
        port.lat,
        port.lon,
        latLngToCell(port.lat, port.lon, 8),
        port.country,
      ],
    )) as { id: string }[];
    ids[port.slug] = rows[0]!.id;
  }
  await db.query(`INSERT INTO risk_zones (slug, name, kind, lat, lon, radius_km) VALUES
    ('gulf-of-oman', 'Gulf of Oman', 'sanctions_area', 25.0, 57.5, 150)
    ON CONFLICT DO NOTHING`);
  return { ports: ids };
}

export async function insertVessels(db: DataSource, vessels: readonly TestVessel[]): Promise<void> {
  for (const v of vessels)
    await db.query(
      `INSERT INTO vessels (imo, mmsi, name, vessel_type, flag, build_year, dwt, gt, design_draft_m)
       VALUES ($1, $2, $3, $4, $5, $6, 50000, 30000, 12)`,
      [
        v.imo,
        v.mmsi,
        v.name,
        v.vessel_type ?? 'bulk_carrier',
        v.flag ?? 'PA',
        v.build_year ?? 2010,
      ],
    );
}
