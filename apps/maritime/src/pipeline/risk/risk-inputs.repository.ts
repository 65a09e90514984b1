import { Inject, Injectable } from '@nestjs/common';
import {
  piCoverStateFromPolicies,
  strongestSanctionsStrength,
  type ClubRiskTier,
  type FlagCategory,
  type RiskInputs,
  type SanctionsMatch,
  type VesselType,
} from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

interface InputsRow {
  imo: string;
  vessel_type: VesselType;
  build_year: number | null;
  flag_category: FlagCategory | null;
  dark_n: number;
  dark_hours: number;
  dark_in_zone: number;
  psc_detentions: number;
  prior_critical: number;
  sanctions: SanctionsMatch[] | null;
  sts_in_risk: number;
  sts_outside: number;
  draft_n: number;
  loiter_hours: number;
  name_flag_changes: number;
  mmsi_changes: number;
  policies: { ig: boolean; tier: ClubRiskTier; inception: string; expiry: string }[] | null;
  spoofing_n: number;
  deceptions_n: number;
}

/**
 * Gathers the raw facts of the risk score for many vessels in one set-based query. Every window
 * ends at `asOf` (events count by their detection time, occurred_at); open dark gaps count up
 * to asOf.
 */
const INPUTS_SQL = `
WITH v AS (
  SELECT v.imo, v.vessel_type, v.build_year, f.category AS flag_category
  FROM vessels v LEFT JOIN flag_states f ON f.iso2 = v.flag
  WHERE $2::bpchar[] IS NULL OR v.imo = ANY ($2::bpchar[])
),
dark AS (
  SELECT imo, count(*)::int AS n,
    sum(extract(epoch FROM least(coalesce(ended_at, $1::timestamptz), $1::timestamptz) - started_at) / 3600)::float8 AS hours,
    count(*) FILTER (WHERE zone_id IS NOT NULL)::int AS in_zone
  FROM dark_events WHERE occurred_at > $1::timestamptz - interval '90 days' AND occurred_at <= $1::timestamptz GROUP BY imo
),
psc AS (
  SELECT imo, count(*) FILTER (WHERE detained)::int AS n FROM psc_inspections
  WHERE inspected_at > $1::timestamptz - interval '36 months' AND inspected_at <= $1::timestamptz GROUP BY imo
),
crit AS (
  SELECT imo, count(*)::int AS n FROM platform_alerts
  WHERE imo IS NOT NULL AND severity = 'critical'
    AND occurred_at > $1::timestamptz - interval '24 months' AND occurred_at <= $1::timestamptz - interval '90 days'
  GROUP BY imo
),
sanc AS (
  SELECT imo, json_agg(json_build_object('match_type', match_type, 'matched_field', matched_field)) AS m
  FROM sanctions_matches GROUP BY imo
),
sts AS (
  SELECT x.imo,
    count(*) FILTER (WHERE z.kind IN ('sts_hotspot', 'sanctions_area'))::int AS in_risk,
    count(*) FILTER (WHERE z.kind IS NULL OR z.kind NOT IN ('sts_hotspot', 'sanctions_area'))::int AS outside
  FROM (SELECT imo_a AS imo, zone_id, occurred_at FROM sts_events
        UNION ALL SELECT imo_b, zone_id, occurred_at FROM sts_events) x
  LEFT JOIN risk_zones z ON z.id = x.zone_id
  WHERE x.occurred_at > $1::timestamptz - interval '180 days' AND x.occurred_at <= $1::timestamptz GROUP BY x.imo
),
draft AS (
  SELECT imo, count(*)::int AS n FROM draft_anomalies
  WHERE occurred_at > $1::timestamptz - interval '180 days' AND occurred_at <= $1::timestamptz GROUP BY imo
),
loiter AS (
  SELECT imo, coalesce(sum(hours), 0)::float8 AS hours FROM locus_alerts
  WHERE kind = 'loitering' AND occurred_at > $1::timestamptz - interval '90 days' AND occurred_at <= $1::timestamptz
  GROUP BY imo
),
ident AS (
  SELECT imo, count(*) FILTER (WHERE field IN ('name', 'flag'))::int AS name_flag,
    count(*) FILTER (WHERE field = 'mmsi')::int AS mmsi
  FROM vessel_identity_history
  WHERE changed_at > $1::timestamptz - interval '24 months' AND changed_at <= $1::timestamptz GROUP BY imo
),
pi AS (
  SELECT c.imo, json_agg(json_build_object('ig', k.ig_member, 'tier', k.risk_tier,
    'inception', c.inception, 'expiry', least(c.expiry, coalesce(c.cancelled_on, c.expiry)))) AS p
  FROM pi_coverage c JOIN pi_clubs k ON k.id = c.club_id GROUP BY c.imo
),
spoof AS (
  SELECT imo, count(*)::int AS n FROM spoofing_alerts
  WHERE occurred_at > $1::timestamptz - interval '90 days' AND occurred_at <= $1::timestamptz GROUP BY imo
),
dec AS (
  SELECT imo, count(*)::int AS n FROM route_deceptions
  WHERE occurred_at > $1::timestamptz - interval '180 days' AND occurred_at <= $1::timestamptz GROUP BY imo
)
SELECT v.imo, v.vessel_type, v.build_year, v.flag_category,
  coalesce(dark.n, 0) AS dark_n, coalesce(dark.hours, 0) AS dark_hours,
  coalesce(dark.in_zone, 0) AS dark_in_zone, coalesce(psc.n, 0) AS psc_detentions,
  coalesce(crit.n, 0) AS prior_critical, sanc.m AS sanctions,
  coalesce(sts.in_risk, 0) AS sts_in_risk, coalesce(sts.outside, 0) AS sts_outside,
  coalesce(draft.n, 0) AS draft_n, coalesce(loiter.hours, 0) AS loiter_hours,
  coalesce(ident.name_flag, 0) AS name_flag_changes, coalesce(ident.mmsi, 0) AS mmsi_changes,
  pi.p AS policies, coalesce(spoof.n, 0) AS spoofing_n, coalesce(dec.n, 0) AS deceptions_n
FROM v
LEFT JOIN dark USING (imo) LEFT JOIN psc USING (imo) LEFT JOIN crit USING (imo)
LEFT JOIN sanc USING (imo) LEFT JOIN sts USING (imo) LEFT JOIN draft USING (imo)
LEFT JOIN loiter USING (imo) LEFT JOIN ident USING (imo) LEFT JOIN pi USING (imo)
LEFT JOIN spoof USING (imo) LEFT JOIN dec USING (imo)
ORDER BY v.imo`;

@Injectable()
export class RiskInputsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The risk inputs of every vessel (or of `imos`), by IMO. */
  async load(asOf: Date, imos?: readonly string[]): Promise<Map<string, RiskInputs>> {
    const rows = (await this.db.query(INPUTS_SQL, [asOf, imos ?? null])) as InputsRow[];
    return new Map(rows.map((row) => [row.imo, toInputs(row, asOf)]));
  }
}

function toInputs(row: InputsRow, asOf: Date): RiskInputs {
  return {
    dark_event_hours_90d: Math.max(0, Number(row.dark_hours)),
    dark_events_90d: row.dark_n,
    dark_events_in_risk_zone_90d: row.dark_in_zone,
    flag_category: row.flag_category,
    build_year: row.build_year,
    vessel_type: row.vessel_type,
    psc_detentions_36m: row.psc_detentions,
    prior_critical_alerts: row.prior_critical,
    sanctions_strength: strongestSanctionsStrength(row.sanctions ?? []),
    sts_events_outside_risk_areas_180d: row.sts_outside,
    sts_events_in_risk_areas_180d: row.sts_in_risk,
    draft_anomalies_180d: row.draft_n,
    loitering_hours_90d: Number(row.loiter_hours),
    name_flag_changes_24m: row.name_flag_changes,
    mmsi_changes_24m: row.mmsi_changes,
    pi_cover: piCoverStateFromPolicies(
      (row.policies ?? []).map((p) => ({
        ig_member: p.ig,
        club_risk_tier: p.tier,
        inception: new Date(`${p.inception}T00:00:00Z`),
        expiry: new Date(`${p.expiry}T00:00:00Z`),
      })),
      asOf,
    ),
    spoofing_alerts_90d: row.spoofing_n,
    route_deceptions_180d: row.deceptions_n,
  };
}
