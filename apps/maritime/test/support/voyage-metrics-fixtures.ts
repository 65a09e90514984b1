// Hand-built voyages whose emissions, CII, earnings and port revenue the voyage-metrics tests
// recompute by hand. Three bulk carriers with a 14 kn / 32 t-a-day design point:
//   V1  A  rotterdam -> singapore  laden 40,000 t, 3,024 nm in 288 h (10.5 kn), HFO, 3 port days
//   V2  A  singapore -> rotterdam  ballast, 3,024 nm in 288 h, its rotterdam call still open
//   V3  B  santos -> rotterdam     ballast, 4,032 nm in 288 h (14 kn), HFO, no arrival call
//   V4  C  rotterdam -> singapore  ballast, 2,016 nm in 288 h (7 kn), VLSFO, arrived 2025
//   V5  C  rotterdam -> singapore  as V4, arrived 2026
// Index rates: bulk_carrier NLRTM-SGSIN 12.5 on 2026-02-23 and 99 on 2026-03-02 (after V1
// left); a user rate of 50 on 2026-03-01 that must never feed earnings. HFO bunkers: 500 on
// 2026-02-28 and 600 on 2026-03-01; no VLSFO prices at all (so C has no earnings rows).
import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

export const VM_IMO = { A: testImo(501), B: testImo(502), C: testImo(503) } as const;

export interface VoyageMetricsFixture {
  ports: Record<'rotterdam' | 'singapore' | 'santos', string>;
  voyages: Record<'V1' | 'V2' | 'V3' | 'V4' | 'V5', string>;
}

async function voyage(
  db: DataSource,
  v: {
    imo: string;
    origin: string;
    dest: string;
    departed: string;
    arrived: string;
    nm: number;
    laden: boolean;
    cargo: number;
  },
): Promise<string> {
  const rows = (await db.query(
    `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status,
       distance_nm, hours_at_sea, laden, cargo_t)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6,
       extract(epoch FROM $5::timestamptz - $4::timestamptz) / 3600, $7, $8)
     RETURNING id::text AS id`,
    [v.imo, v.origin, v.dest, v.departed, v.arrived, v.nm, v.laden, v.cargo],
  )) as { id: string }[];
  return rows[0]!.id;
}

export async function insertVoyageMetricsFixture(db: DataSource): Promise<VoyageMetricsFixture> {
  const { ports: reference } = await insertReference(db);
  const santos = (await db.query(
    `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8)
     VALUES ('santos', 'Santos', 'BRSSZ', 'BR', 'Brazil', -23.97, -46.30, $1)
     ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id::text AS id`,
    [latLngToCell(-23.97, -46.3, 8)],
  )) as { id: string }[];
  const ports = {
    rotterdam: reference.rotterdam!,
    singapore: reference.singapore!,
    santos: santos[0]!.id,
  };
  await db.query(`UPDATE ports SET dues_usd_per_gt = 0.4, handling_usd_per_t = 1.5
    WHERE slug = 'rotterdam'`);
  await db.query(`UPDATE ports SET dues_usd_per_gt = 0.5, handling_usd_per_t = 2
    WHERE slug = 'singapore'`);
  await insertVessels(db, [
    { imo: VM_IMO.A, mmsi: '351000501', name: 'ALPHA BULK' },
    { imo: VM_IMO.B, mmsi: '351000502', name: 'BRAVO BULK' },
    { imo: VM_IMO.C, mmsi: '351000503', name: 'CHARLIE, "THE" BULK' },
  ]);
  await db.query(
    `UPDATE vessels SET design_speed_kn = 14, design_fuel_t_day = 32,
       fuel_type = CASE WHEN imo = $3 THEN 'VLSFO' ELSE 'HFO' END,
       gt = CASE WHEN imo = $2 THEN 20000 ELSE 30000 END
     WHERE imo IN ($1, $2, $3)`,
    [VM_IMO.A, VM_IMO.B, VM_IMO.C],
  );
  const { rotterdam, singapore } = ports;
  const voyages = {
    V1: await voyage(db, {
      imo: VM_IMO.A,
      origin: rotterdam,
      dest: singapore,
      departed: '2026-03-01T00:00:00Z',
      arrived: '2026-03-13T00:00:00Z',
      nm: 3024,
      laden: true,
      cargo: 40_000,
    }),
    V2: await voyage(db, {
      imo: VM_IMO.A,
      origin: singapore,
      dest: rotterdam,
      departed: '2026-03-16T00:00:00Z',
      arrived: '2026-03-28T00:00:00Z',
      nm: 3024,
      laden: false,
      cargo: 0,
    }),
    V3: await voyage(db, {
      imo: VM_IMO.B,
      origin: ports.santos,
      dest: rotterdam,
      departed: '2026-02-01T00:00:00Z',
      arrived: '2026-02-13T00:00:00Z',
      nm: 4032,
      laden: false,
      cargo: 0,
    }),
    V4: await voyage(db, {
      imo: VM_IMO.C,
      origin: rotterdam,
      dest: singapore,
      departed: '2025-12-01T00:00:00Z',
      arrived: '2025-12-13T00:00:00Z',
      nm: 2016,
      laden: false,
      cargo: 0,
    }),
    V5: await voyage(db, {
      imo: VM_IMO.C,
      origin: rotterdam,
      dest: singapore,
      departed: '2026-01-01T00:00:00Z',
      arrived: '2026-01-13T00:00:00Z',
      nm: 2016,
      laden: false,
      cargo: 0,
    }),
  };
  // Arrival calls: V1 at singapore for 3 days; V2 at rotterdam, still open. B calls at
  // singapore in V1's week, loading 10,000 t (port revenue only).
  await db.query(
    `INSERT INTO port_calls (imo, port_id, voyage_id, arrived_at, berthed_at, departed_at,
       cargo_loaded_t, cargo_discharged_t) VALUES
     ($1, $3, $4, '2026-03-13T00:00:00Z', '2026-03-14T00:00:00Z', '2026-03-16T00:00:00Z', 0, 40000),
     ($1, $5, $6, '2026-03-28T00:00:00Z', NULL, NULL, NULL, NULL),
     ($2, $3, NULL, '2026-03-11T00:00:00Z', '2026-03-11T12:00:00Z', '2026-03-12T00:00:00Z', 10000, 0)`,
    [VM_IMO.A, VM_IMO.B, singapore, voyages.V1, rotterdam, voyages.V2],
  );
  await db.query(`INSERT INTO bunker_prices (day, fuel_type, usd_per_t) VALUES
    ('2026-02-28', 'HFO', 500), ('2026-03-01', 'HFO', 600)`);
  await db.query(
    `INSERT INTO freight_rates (vessel_type, route_code, origin_port_id, dest_port_id, rate_value,
       rate_unit, assessed_on, source, submitted_by) VALUES
     ('bulk_carrier', 'NLRTM-SGSIN', $1, $2, 12.5, 'usd_per_t', '2026-02-23', 'index', NULL),
     ('bulk_carrier', 'NLRTM-SGSIN', $1, $2, 99, 'usd_per_t', '2026-03-02', 'index', NULL),
     ('bulk_carrier', 'NLRTM-SGSIN', $1, $2, 50, 'usd_per_t', '2026-03-01', 'user', 'someone')`,
    [rotterdam, singapore],
  );
  return { ports, voyages };
}
