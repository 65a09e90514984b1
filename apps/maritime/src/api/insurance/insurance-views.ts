import type { InsuredVesselRow } from './insurance.repository';

/** A vessel whose stored risk score is known. */
export type ScoredVessel = InsuredVesselRow & { risk_score: number; risk_tier: string };

/** The vessel summary of the claims and premium records. */
export function vesselView(v: ScoredVessel): Record<string, unknown> {
  return {
    name: v.name,
    vessel_type: v.vessel_type,
    build_year: v.build_year,
    risk_score: v.risk_score,
    risk_tier: v.risk_tier,
  };
}

/** The focal vessel of a comparable pool, with the attributes the pool is chosen by. */
export function focalView(v: ScoredVessel): Record<string, unknown> {
  return {
    imo_number: v.imo,
    name: v.name,
    vessel_type: v.vessel_type,
    build_year: v.build_year,
    dwt: v.dwt,
    risk_score: v.risk_score,
    risk_tier: v.risk_tier,
  };
}

/** One pool vessel: what it is ranked by, and its score. */
export function poolEntryView(v: ScoredVessel): Record<string, unknown> {
  return {
    imo_number: v.imo,
    name: v.name,
    build_year: v.build_year,
    dwt: v.dwt,
    risk_score: v.risk_score,
    risk_tier: v.risk_tier,
  };
}
