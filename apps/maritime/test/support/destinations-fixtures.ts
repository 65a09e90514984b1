// A hand-built destination world: three ports, voyages through three mid-ocean cells with known
// counts, and vessels whose declared destinations give known reliability.
import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

/** Mid-ocean cells far from each other and from every port. */
export const CELL_X = latLngToCell(30, -40, 8);
export const CELL_Y = latLngToCell(20, -30, 8);
export const CELL_Z = latLngToCell(10, -20, 8);

export const TRAINER = { imo: testImo(71), mmsi: '351000071' };
export const RELIABLE = testImo(72);
export const MODERATE = testImo(73);
export const UNRELIABLE = testImo(74);
export const TOO_FEW = testImo(75);

export interface DestinationWorld {
  /** port slug → id */
  ports: Record<string, string>;
}

interface VoyageSpec {
  imo: string;
  dest: string;
  cells: readonly string[];
  laden: boolean;
  /** Days before `now` the voyage departed; it arrives a day later. */
  daysAgo: number;
  declared?: string | null;
}

async function insertVoyage(
  db: DataSource,
  ports: Record<string, string>,
  now: Date,
  v: VoyageSpec,
): Promise<void> {
  const departed = new Date(now.getTime() - v.daysAgo * 86_400_000);
  const origin = v.dest === 'rotterdam' ? ports['singapore'] : ports['rotterdam'];
  await db.query(
    `INSERT INTO voyages (imo, origin_port_id, dest_port_id, declared_destination, departed_at,
       arrived_at, status, laden, h3_sequence)
     VALUES ($1, $2, $3, $4, $5, $5::timestamptz + interval '1 day', 'completed', $6, $7)`,
    [v.imo, origin, ports[v.dest], v.declared ?? null, departed, v.laden, v.cells],
  );
}

/**
 * Training voyages (all TRAINER's, no declared destination), oldest first:
 * X: 6 laden + 2 ballast → rotterdam, 1 laden + 3 ballast → singapore; Y: 4 laden → santos
 * (below the 5-voyage threshold); Z: 5 laden → santos. The two latest are held out:
 * [X, Y] laden → rotterdam (a top-1 hit from [X]) and [Z, X] ballast → singapore (a miss).
 */
export async function buildDestinationWorld(db: DataSource, now: Date): Promise<DestinationWorld> {
  const { ports } = await insertReference(db);
  const [santos] = (await db.query(
    `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8, aliases)
     VALUES ('santos', 'Santos', 'BRSSZ', 'BR', 'Brazil', -23.98, -46.3, $1, '{}')
     RETURNING id::text AS id`,
    [latLngToCell(-23.98, -46.3, 8)],
  )) as { id: string }[];
  ports['santos'] = santos!.id;
  await insertVessels(db, [
    { ...TRAINER, name: 'TRAINER' },
    { imo: RELIABLE, mmsi: '351000072', name: 'RELIABLE' },
    { imo: MODERATE, mmsi: '351000073', name: 'MODERATE' },
    { imo: UNRELIABLE, mmsi: '351000074', name: 'UNRELIABLE' },
    { imo: TOO_FEW, mmsi: '351000075', name: 'TOO FEW' },
  ]);
  const groups: [number, readonly string[], boolean, string][] = [
    [6, [CELL_X], true, 'rotterdam'],
    [2, [CELL_X], false, 'rotterdam'],
    [1, [CELL_X], true, 'singapore'],
    [3, [CELL_X], false, 'singapore'],
    [4, [CELL_Y], true, 'santos'],
    [5, [CELL_Z], true, 'santos'],
  ];
  let daysAgo = 300;
  for (const [count, cells, laden, dest] of groups)
    for (let i = 0; i < count; i += 1) {
      await insertVoyage(db, ports, now, { imo: TRAINER.imo, dest, cells, laden, daysAgo });
      daysAgo -= 5;
    }
  await insertVoyage(db, ports, now, {
    imo: TRAINER.imo,
    dest: 'rotterdam',
    cells: [CELL_X, CELL_Y],
    laden: true,
    daysAgo: 20,
  });
  await insertVoyage(db, ports, now, {
    imo: TRAINER.imo,
    dest: 'singapore',
    cells: [CELL_Z, CELL_X],
    laden: false,
    daysAgo: 10,
  });
  await insertDeclaredVoyages(db, ports, now);
  return { ports };
}

/**
 * Voyages without a track (so training ignores them) for the reliability vessels:
 * RELIABLE 5/5, MODERATE 2/3 (plus a matched voyage older than a year), UNRELIABLE 1/4,
 * TOO_FEW 2 voyages.
 */
async function insertDeclaredVoyages(
  db: DataSource,
  ports: Record<string, string>,
  now: Date,
): Promise<void> {
  const declared: [string, string, string | null, number][] = [
    ...[50, 40, 30, 20, 10].map((d): [string, string, string, number] => [
      RELIABLE,
      'rotterdam',
      'ROTTERDAM',
      d,
    ]),
    [MODERATE, 'rotterdam', 'NLRTM', 400],
    [MODERATE, 'rotterdam', 'NL RTM', 90],
    [MODERATE, 'singapore', 'SG SIN', 60],
    [MODERATE, 'rotterdam', 'FOR ORDERS', 30],
    [UNRELIABLE, 'santos', 'BRSSZ>SANTOS', 80],
    [UNRELIABLE, 'rotterdam', 'SINGAPORE', 70],
    [UNRELIABLE, 'rotterdam', 'SINGAPORE', 60],
    [UNRELIABLE, 'rotterdam', null, 50],
    [TOO_FEW, 'rotterdam', 'ROTTERDAM', 40],
    [TOO_FEW, 'rotterdam', 'ROTTERDAM', 20],
  ];
  for (const [imo, dest, text, daysAgo] of declared)
    await insertVoyage(db, ports, now, {
      imo,
      dest,
      cells: [],
      laden: true,
      daysAgo,
      declared: text,
    });
}
