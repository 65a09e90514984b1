import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

/** The fixture's issue day: the tests' clock stands at its last second (2026-03-31, a Tuesday). */
export const ISSUE_DAY = '2026-03-31';
export const VOYAGER = testImo(71);
const CALLER = testImo(72);

export interface ForecastFixture {
  ports: Record<string, string>;
}

/** Hand-scored forecasts for singapore (statistical, model_version `test`): see the spec. */
export const SCORED = [
  // issued_on, target_date, horizon, predicted
  ['2026-03-20', '2026-03-21', 1, 1],
  ['2026-03-20', '2026-03-22', 2, 2.5],
  ['2026-03-21', '2026-03-22', 1, 1],
  ['2026-03-18', '2026-03-20', 2, 2],
  ['2026-03-22', '2026-03-23', 1, 0],
  // Older than 90 days (in the window only at 365), and today's target (never scored).
  ['2025-11-30', '2025-12-01', 1, 4],
  ['2026-03-30', '2026-03-31', 1, 9],
] as const;

async function calls(db: DataSource, portId: string, day: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1)
    await db.query(
      `INSERT INTO port_calls (imo, port_id, arrived_at, departed_at)
       VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '1 minute')`,
      [CALLER, portId, `${day}T${String(1 + i).padStart(2, '0')}:00:00Z`],
    );
}

/**
 * Rotterdam: one arrival a day from 03-03 to 03-30, three on each Wednesday (03-04 … 03-25)
 * and four on Tuesday 03-24. Singapore: 1 on 03-19, 2 on 03-20, 1 on 03-22 (its scored
 * forecasts above). One voyage under way to rotterdam: declared there, reliability 70 %, 240 nm
 * north along 4.05° E in the 30 h before the issue (8 kn), 477 nm still to go (ETA 04-02).
 */
export async function insertForecastFixture(db: DataSource): Promise<ForecastFixture> {
  const { ports } = await insertReference(db);
  const rotterdam = ports['rotterdam']!;
  const singapore = ports['singapore']!;
  await insertVessels(db, [
    { imo: VOYAGER, mmsi: '351000071', name: 'NORTHBOUND' },
    { imo: CALLER, mmsi: '351000072', name: 'REGULAR CALLER' },
  ]);
  for (let d = 3; d <= 30; d += 1) {
    const day = `2026-03-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    await calls(db, rotterdam, day, day === '2026-03-24' ? 4 : weekday === 3 ? 3 : 1);
  }
  await calls(db, singapore, '2026-03-19', 1);
  await calls(db, singapore, '2026-03-20', 2);
  await calls(db, singapore, '2026-03-22', 1);
  await db.query(
    `INSERT INTO voyages (imo, origin_port_id, declared_destination, declared_port_id, departed_at,
       status, distance_nm, hours_at_sea, laden, h3_sequence)
     VALUES ($1, $2, 'NL RTM', $3, '2026-03-29T18:00:00Z', 'underway', 240, 30, true, $4)`,
    [VOYAGER, singapore, rotterdam, [latLngToCell(40, 4.05, 8), latLngToCell(44, 4.05, 8)]],
  );
  await db.query(
    `INSERT INTO destination_reliability (imo, voyages_365d, matched, reliability_pct, tier, computed_at)
     VALUES ($1, 10, 7, 70, 'moderate', '2026-03-30T00:00:00Z')`,
    [VOYAGER],
  );
  for (const [issued, target, horizon, predicted] of SCORED)
    await db.query(
      `INSERT INTO forecasts (port_id, method, issued_on, target_date, horizon_days, predicted,
         lower_80, upper_80, model_version)
       VALUES ($1, 'statistical', $2, $3, $4, $5::numeric, 0, $5::numeric + 1, 'test')`,
      [singapore, issued, target, horizon, predicted],
    );
  return { ports };
}

/** Rotterdam's daily arrivals from 03-03 through 03-30, as the issuer sees them. */
export function rotterdamSeries(): number[] {
  const out: number[] = [];
  for (let d = 3; d <= 30; d += 1) {
    const day = `2026-03-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    out.push(day === '2026-03-24' ? 4 : weekday === 3 ? 3 : 1);
  }
  return out;
}
