import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

export const BULK = testImo(701);
export const TANKER = testImo(702);
export const BOX = testImo(703);
export const DRIFTER = testImo(704);

/** Ports beside rotterdam and singapore (insertReference). */
export const EXTRA_PORTS = {
  santos: { unlocode: 'BRSSZ', lat: -23.97, lon: -46.3, country: 'BR' },
  houston: { unlocode: 'USHOU', lat: 29.7, lon: -95.01, country: 'US' },
} as const;

export type PortSlug = 'rotterdam' | 'singapore' | keyof typeof EXTRA_PORTS;

export interface VoyageFix {
  imo?: string;
  from: PortSlug;
  to: PortSlug | null;
  departed: string;
  days: number;
  laden?: boolean;
  cargo_t?: number;
  chokepoints?: string[];
}

export async function insertTradeWorld(db: DataSource): Promise<Record<PortSlug, string>> {
  const { ports } = await insertReference(db);
  for (const [slug, p] of Object.entries(EXTRA_PORTS)) {
    const [row] = (await db.query(
      `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8, aliases)
       VALUES ($1, initcap($1), $2, $3, $7, $4, $5, $6, '{}') RETURNING id::text AS id`,
      [slug, p.unlocode, p.country, p.lat, p.lon, latLngToCell(p.lat, p.lon, 8), p.country],
    )) as { id: string }[];
    ports[slug] = row!.id;
  }
  await insertVessels(db, [
    { imo: BULK, mmsi: '351000701', name: 'ROUTE BULK' },
    { imo: TANKER, mmsi: '351000702', name: 'ROUTE TANKER', vessel_type: 'tanker' },
    { imo: BOX, mmsi: '351000703', name: 'ROUTE BOX', vessel_type: 'container' },
    { imo: DRIFTER, mmsi: '351000704', name: 'ROUTE DRIFTER' },
  ]);
  return ports as Record<PortSlug, string>;
}

/** Inserts voyages; a voyage with `to: null` is still under way. Returns their ids. */
export async function insertVoyages(
  db: DataSource,
  ports: Record<PortSlug, string>,
  voyages: readonly VoyageFix[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const v of voyages) {
    const departed = new Date(v.departed);
    const arrived = v.to === null ? null : new Date(departed.getTime() + v.days * 86_400_000);
    const [row] = (await db.query(
      `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status,
         laden, cargo_t, chokepoints)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
      [
        v.imo ?? BULK,
        ports[v.from],
        v.to === null ? null : ports[v.to],
        departed,
        arrived,
        v.to === null ? 'underway' : 'completed',
        v.laden ?? true,
        v.cargo_t ?? null,
        v.chokepoints ?? [],
      ],
    )) as { id: string }[];
    ids.push(row!.id);
  }
  return ids;
}

const lane = (from: PortSlug, to: PortSlug, departed: string, cargo_t: number): VoyageFix => ({
  from,
  to,
  departed,
  days: 10,
  cargo_t,
});

/**
 * Laden lanes (R rotterdam, S singapore, B santos, H houston), tonnes:
 * - December 2025, for flows: R→S bulk 20,000 (20 d) + 10,000 (10 d), R→S tanker 10,000,
 *   R→B container 60,000; plus a ballast R→B and an R→H still under way, which never count.
 * - January → February 2026, for lane shifts: R→S 60,000 → 65,000 and R→B 40,000 → 35,000
 *   (shares 60/40 → 65/35: exactly 5 pp); S→R 100,000 → 125,000 (exactly +25 %);
 *   B→H 100,000 → 124,000 (+24 %); H→R/H→S 50,000/50,000 → 54,990/45,010 (4.99 pp, ±9.98 %).
 */
export const LANE_VOYAGES: readonly VoyageFix[] = [
  {
    from: 'rotterdam',
    to: 'singapore',
    departed: '2025-12-05T00:00:00Z',
    days: 20,
    cargo_t: 20_000,
  },
  {
    from: 'rotterdam',
    to: 'singapore',
    departed: '2025-12-10T00:00:00Z',
    days: 10,
    cargo_t: 10_000,
  },
  {
    imo: TANKER,
    from: 'rotterdam',
    to: 'singapore',
    departed: '2025-12-11T00:00:00Z',
    days: 12,
    cargo_t: 10_000,
  },
  {
    imo: BOX,
    from: 'rotterdam',
    to: 'santos',
    departed: '2025-12-12T00:00:00Z',
    days: 14,
    cargo_t: 60_000,
  },
  { from: 'rotterdam', to: 'santos', departed: '2025-12-20T00:00:00Z', days: 14, laden: false },
  {
    imo: DRIFTER,
    from: 'rotterdam',
    to: null,
    departed: '2025-12-21T00:00:00Z',
    days: 0,
    cargo_t: 99_000,
  },
  lane('rotterdam', 'singapore', '2026-01-10T00:00:00Z', 60_000),
  lane('rotterdam', 'santos', '2026-01-10T00:00:00Z', 40_000),
  lane('singapore', 'rotterdam', '2026-01-10T00:00:00Z', 100_000),
  lane('santos', 'houston', '2026-01-10T00:00:00Z', 100_000),
  lane('houston', 'rotterdam', '2026-01-10T00:00:00Z', 50_000),
  lane('houston', 'singapore', '2026-01-10T00:00:00Z', 50_000),
  lane('rotterdam', 'singapore', '2026-02-10T00:00:00Z', 65_000),
  lane('rotterdam', 'santos', '2026-02-10T00:00:00Z', 35_000),
  lane('singapore', 'rotterdam', '2026-02-10T00:00:00Z', 125_000),
  lane('santos', 'houston', '2026-02-10T00:00:00Z', 124_000),
  lane('houston', 'rotterdam', '2026-02-10T00:00:00Z', 54_990),
  lane('houston', 'singapore', '2026-02-10T00:00:00Z', 45_010),
];

/**
 * Ballast voyages through chokepoints (they stay out of the laden flows), per departure month:
 * suez 5, 5, 5 → 4 (exactly −20 %; one of February's four still under way), good-hope
 * 4, 5, 6 → 6 (exactly +20 % on a mean of 5), malacca 10, 10, 10 → 9 (−10 %).
 */
export function chokepointVoyages(): VoyageFix[] {
  const months: [string, number, number, number][] = [
    ['2025-11', 5, 4, 10],
    ['2025-12', 5, 5, 10],
    ['2026-01', 5, 6, 10],
    ['2026-02', 4, 6, 9],
  ];
  const out: VoyageFix[] = [];
  for (const [month, suez, goodHope, malacca] of months)
    for (let i = 0; i < Math.max(suez, goodHope, malacca); i += 1) {
      const underway = month === '2026-02' && i === 0;
      out.push({
        imo: underway ? TANKER : BULK,
        from: 'singapore',
        to: underway ? null : 'rotterdam',
        departed: `${month}-${String(i + 1).padStart(2, '0')}T06:00:00Z`,
        days: 20,
        laden: false,
        chokepoints: [
          ...(i < malacca ? ['malacca'] : []),
          ...(i < suez ? ['suez'] : []),
          ...(i < goodHope ? ['good-hope'] : []),
        ],
      });
    }
  return out;
}

/**
 * Three deceptions, detected `now` minus: 2 days (BULK declared singapore, ended rotterdam),
 * 20 days (TANKER declared santos, ended houston) and 5 minutes (BOX declared rotterdam, ended
 * santos). Their voyages are ballast, so they stay out of the flows. The stored deviation is 0
 * on purpose: the route measures it from the ports.
 */
export async function insertDeceptions(
  db: DataSource,
  ports: Record<PortSlug, string>,
  nowMs: number,
): Promise<void> {
  const deceptions: [string, string, PortSlug, PortSlug, string, number][] = [
    [BULK, 'SG SIN', 'singapore', 'rotterdam', '2026-03-10T00:00:00Z', 2 * 86_400_000],
    [TANKER, 'SANTOS', 'santos', 'houston', '2026-02-20T00:00:00Z', 20 * 86_400_000],
    [BOX, 'NLRTM', 'rotterdam', 'santos', '2026-03-15T00:00:00Z', 5 * 60_000],
  ];
  for (const [imo, declared, declaredPort, actualPort, departed, age] of deceptions) {
    const [voyageId] = await insertVoyages(db, ports, [
      { imo, from: 'houston', to: actualPort, departed, days: 5, laden: false },
    ]);
    await db.query(
      `INSERT INTO route_deceptions (voyage_id, imo, declared_destination, declared_port_id,
         actual_port_id, deviation_nm, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, $4, $5, 0, 'info', 0.9, $6)`,
      [voyageId, imo, declared, ports[declaredPort], ports[actualPort], new Date(nowMs - age)],
    );
  }
}
