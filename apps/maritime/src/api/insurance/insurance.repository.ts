import { Inject, Injectable } from '@nestjs/common';
import type { InsuranceFacts } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

export interface InsuredVesselRow {
  imo: string;
  name: string;
  vessel_type: string;
  build_year: number | null;
  dwt: number | null;
  risk_score: number | null;
  risk_tier: string | null;
}

/** One vessel's facts for the insurance models, windows ending at the as-of instant. */
export interface InsuranceFactsRow extends InsuranceFacts {
  imo: string;
}

export interface ClaimLabelRow {
  imo: string;
  had_claim: boolean;
}

const VESSEL_COLUMNS = `v.imo, v.name, v.vessel_type, v.build_year, v.dwt,
  r.score::float8 AS risk_score, r.tier AS risk_tier`;

/** The rows of the requested vessels (all when $2 is null); bpchar[] keeps the imo indexes usable. */
const OF_IMOS = '($2::bpchar[] IS NULL OR imo = ANY ($2::bpchar[]))';

/**
 * PSC deficiencies and detentions by inspection time in 12 months, every sanctions match on
 * file, dark events by detection time in 90 days, and unplanned-stop locus alerts (the incident
 * proxy) by detection time in 12 months; every window is (asOf − span, asOf]. Each part is
 * filtered by IMO, so one vessel's request reads only its own rows.
 */
const FACTS_SQL = `
WITH v AS (
  SELECT imo, build_year FROM vessels WHERE ${OF_IMOS}
),
psc AS (
  SELECT imo, sum(deficiencies)::int AS deficiencies, bool_or(detained) AS detained
  FROM psc_inspections
  WHERE ${OF_IMOS}
    AND inspected_at > $1::timestamptz - interval '12 months' AND inspected_at <= $1::timestamptz
  GROUP BY imo
),
sanc AS (
  SELECT imo, array_agg(DISTINCT match_type)::text[] AS types
  FROM sanctions_matches WHERE ${OF_IMOS} GROUP BY imo
),
dark AS (
  SELECT imo, count(*)::int AS n FROM dark_events
  WHERE ${OF_IMOS}
    AND occurred_at > $1::timestamptz - interval '90 days' AND occurred_at <= $1::timestamptz
  GROUP BY imo
),
stops AS (
  SELECT imo, count(*)::int AS n FROM locus_alerts
  WHERE ${OF_IMOS} AND kind = 'unplanned_stop'
    AND occurred_at > $1::timestamptz - interval '12 months' AND occurred_at <= $1::timestamptz
  GROUP BY imo
)
SELECT v.imo, v.build_year,
  coalesce(psc.deficiencies, 0) AS psc_deficiencies_12m,
  coalesce(psc.detained, false) AS psc_detained_12m,
  coalesce(sanc.types, '{}'::text[]) AS sanctions_match_types,
  coalesce(dark.n, 0) AS dark_events_90d,
  coalesce(stops.n, 0) AS unplanned_stops_12m
FROM v LEFT JOIN psc USING (imo) LEFT JOIN sanc USING (imo)
LEFT JOIN dark USING (imo) LEFT JOIN stops USING (imo)
ORDER BY v.imo`;

/** Reads behind the insurance routes: vessels with their stored risk score, facts, claims. */
@Injectable()
export class InsuranceRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vessel(imo: string): Promise<InsuredVesselRow | undefined> {
    const rows = (await this.db.query(
      `SELECT ${VESSEL_COLUMNS} FROM vessels v LEFT JOIN vessel_risk_scores r USING (imo)
       WHERE v.imo = $1`,
      [imo],
    )) as InsuredVesselRow[];
    return rows[0];
  }

  /** The facts of `imos` (every vessel when null) as of `asOf`, in IMO order. */
  async facts(asOf: Date, imos: readonly string[] | null): Promise<InsuranceFactsRow[]> {
    return (await this.db.query(FACTS_SQL, [asOf, imos])) as InsuranceFactsRow[];
  }

  /**
   * The whole comparable pool: every other vessel of the type built within ±5 years, ordered by
   * |Δbuild_year|, then |Δdwt| (unknown last), then IMO.
   */
  async pool(focal: {
    imo: string;
    vessel_type: string;
    build_year: number;
    dwt: number | null;
  }): Promise<InsuredVesselRow[]> {
    return (await this.db.query(
      `SELECT ${VESSEL_COLUMNS} FROM vessels v LEFT JOIN vessel_risk_scores r USING (imo)
       WHERE v.vessel_type = $1 AND v.imo <> $2
         AND v.build_year BETWEEN $3::int - 5 AND $3::int + 5
       ORDER BY abs(v.build_year - $3::int), abs(v.dwt - $4::int) NULLS LAST, v.imo`,
      [focal.vessel_type, focal.imo, focal.build_year, focal.dwt],
    )) as InsuredVesselRow[];
  }

  /** The latest policy year that has claim labels, or null when there are none. */
  async latestClaimsYear(): Promise<number | null> {
    const rows = (await this.db.query(
      'SELECT max(policy_year)::int AS year FROM insurance_claims',
    )) as { year: number | null }[];
    return rows[0]?.year ?? null;
  }

  async claims(policyYear: number): Promise<ClaimLabelRow[]> {
    return (await this.db.query(
      'SELECT imo, had_claim FROM insurance_claims WHERE policy_year = $1 ORDER BY imo',
      [policyYear],
    )) as ClaimLabelRow[];
  }
}
