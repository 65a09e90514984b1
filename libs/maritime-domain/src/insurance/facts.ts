import { vesselAgeYears } from '../risk/sub-scores';
import { SANCTIONS_MATCH_STRENGTH } from '../sanctions/strength';
import type { SanctionsMatchType } from '../sanctions/types';
import { ageBucketOf, type ClaimsRiskFactors } from './claims';
import type { PremiumInputs } from './premium';

/** A vessel's facts as gathered for the insurance models; windows end at the as-of instant. */
export interface InsuranceFacts {
  build_year: number | null;
  psc_deficiencies_12m: number;
  psc_detained_12m: boolean;
  sanctions_match_types: readonly SanctionsMatchType[];
  dark_events_90d: number;
  unplanned_stops_12m: number;
}

/** The strongest of a vessel's match types (direct_imo, then mmsi, then name), or null. */
export function strongestMatchType(
  types: readonly SanctionsMatchType[],
): SanctionsMatchType | null {
  let best: SanctionsMatchType | null = null;
  for (const t of types)
    if (best === null || SANCTIONS_MATCH_STRENGTH[t] > SANCTIONS_MATCH_STRENGTH[best]) best = t;
  return best;
}

/** The claims model's six risk factors; age is the as-of UTC year minus the build year. */
export function claimsRiskFactors(facts: InsuranceFacts, asOf: Date): ClaimsRiskFactors {
  return {
    age_bucket:
      facts.build_year === null ? null : ageBucketOf(vesselAgeYears(facts.build_year, asOf)),
    psc_detained_12m: facts.psc_detained_12m,
    psc_deficiency_count_12m: facts.psc_deficiencies_12m,
    sanctions_match: facts.sanctions_match_types.length > 0,
    dark_events_90d: facts.dark_events_90d,
    incident_proxy: facts.unplanned_stops_12m,
  };
}

/** The premium adjustment's inputs: the stored risk score plus the facts. */
export function premiumInputs(facts: InsuranceFacts, riskScore: number): PremiumInputs {
  return {
    risk_score: riskScore,
    sanctions_match_type: strongestMatchType(facts.sanctions_match_types),
    psc_deficiency_count_12m: facts.psc_deficiencies_12m,
    psc_detained_12m: facts.psc_detained_12m,
    dark_events_90d: facts.dark_events_90d,
  };
}
