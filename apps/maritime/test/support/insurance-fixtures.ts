// Hand-built facts for the insurance routes: PSC inspections, dark events, unplanned stops,
// sanctions matches and stored risk scores, each placed relative to the test clock.
import type { DataSource } from 'typeorm';
import { daysAgo } from './risk-fixtures';

export interface InsuranceFactSpec {
  /** [days ago, deficiencies, detained] per inspection. */
  psc?: [number, number, boolean][];
  /** Days ago of each dark event's detection. */
  dark?: number[];
  /** Days ago of each unplanned-stop locus alert. */
  unplannedStops?: number[];
  /** Sanctions matches on file. */
  sanctions?: ('direct_imo' | 'mmsi' | 'name')[];
}

const MATCHED_FIELD = { direct_imo: 'imo', mmsi: 'mmsi', name: 'vessel_name' } as const;

/** Inserts the facts of `spec` for `imo`, relative to `now`. */
export async function giveInsuranceFacts(
  db: DataSource,
  imo: string,
  port: string,
  now: Date,
  spec: InsuranceFactSpec,
): Promise<void> {
  for (const [days, deficiencies, detained] of spec.psc ?? [])
    await db.query(
      `INSERT INTO psc_inspections (imo, port_id, inspected_at, regime, deficiencies, detained, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, 'paris_mou', $4, $5, 'warning', 1, $3)`,
      [imo, port, daysAgo(now, days), deficiencies, detained],
    );
  for (const days of spec.dark ?? [])
    await db.query(
      `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, 10, 60, 'warning', 0.8, $3)`,
      [imo, daysAgo(now, days + 1), daysAgo(now, days)],
    );
  for (const days of spec.unplannedStops ?? [])
    await db.query(
      `INSERT INTO locus_alerts (imo, kind, started_at, ended_at, hours, severity, confidence, occurred_at)
       VALUES ($1, 'unplanned_stop', $2, $3, 14, 'info', 0.7, $3)`,
      [imo, daysAgo(now, days + 1), daysAgo(now, days)],
    );
  for (const type of spec.sanctions ?? []) {
    const [list] = (await db.query(
      `INSERT INTO sanctions_lists (source, name, published_at) VALUES ('ofac_sdn', 'SDN', $1)
       ON CONFLICT (source, published_at) DO UPDATE SET name = excluded.name RETURNING id`,
      [daysAgo(now, 30)],
    )) as { id: string }[];
    const [entry] = (await db.query(
      `INSERT INTO sanctions_entries (list_id, entity_name, entity_type, imo, vessel_name, name_norm)
       VALUES ($1, $2, 'vessel', $3, $2, $2) RETURNING id`,
      [list!.id, `ENTRY ${imo} ${type}`, type === 'direct_imo' ? imo : null],
    )) as { id: string }[];
    await db.query(
      `INSERT INTO sanctions_matches (imo, entry_id, match_type, matched_field, matched_value)
       VALUES ($1, $2, $3, $4, 'x')`,
      [imo, entry!.id, type, MATCHED_FIELD[type]],
    );
  }
}

/** Stores a risk score and its tier for `imo` directly (no factors), as of `now`. */
export async function storeRiskScore(
  db: DataSource,
  imo: string,
  score: number,
  now: Date,
  override = false,
): Promise<void> {
  const tier = override
    ? 'critical'
    : score >= 70
      ? 'critical'
      : score >= 50
        ? 'high'
        : score >= 25
          ? 'medium'
          : 'low';
  await db.query(
    `INSERT INTO vessel_risk_scores (imo, score, tier, tier_override, factors, computed_at)
     VALUES ($1, $2, $3, $4, '[]', $5)`,
    [imo, score, tier, override ? 'sanctions_direct_match' : null, now],
  );
}

/** Sets vessel attributes the shared fixture inserter does not take. */
export async function setVessel(
  db: DataSource,
  imo: string,
  values: { dwt?: number | null; build_year?: number | null },
): Promise<void> {
  if ('dwt' in values)
    await db.query('UPDATE vessels SET dwt = $2 WHERE imo = $1', [imo, values.dwt]);
  if ('build_year' in values)
    await db.query('UPDATE vessels SET build_year = $2 WHERE imo = $1', [imo, values.build_year]);
}

/** The logistic of the claims model, recomputed from a response's inputs. */
export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
