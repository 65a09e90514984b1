import type { RiskFactorName, RiskFactorResult, RiskInputs } from './types';
import { computeRiskScore } from './score';

/** A fixed scoring instant for every risk spec. */
export const AS_OF = new Date('2025-06-15T12:00:00.000Z');

/** A vessel with nothing against it: every sub-score 0 except vessel_type (passenger, 10). */
export function cleanInputs(overrides: Partial<RiskInputs> = {}): RiskInputs {
  return {
    dark_event_hours_90d: 0,
    dark_events_90d: 0,
    dark_events_in_risk_zone_90d: 0,
    flag_category: 'standard',
    build_year: 2020,
    vessel_type: 'passenger',
    psc_detentions_36m: 0,
    prior_critical_alerts: 0,
    sanctions_strength: 'none',
    sts_events_outside_risk_areas_180d: 0,
    sts_events_in_risk_areas_180d: 0,
    draft_anomalies_180d: 0,
    loitering_hours_90d: 0,
    name_flag_changes_24m: 0,
    mmsi_changes_24m: 0,
    pi_cover: { state: 'active_ig' },
    spoofing_alerts_90d: 0,
    route_deceptions_180d: 0,
    ...overrides,
  };
}

/** The scored factor `factor` for a clean vessel with `overrides`. */
export function factorOf(
  factor: RiskFactorName,
  overrides: Partial<RiskInputs> = {},
  asOf: Date = AS_OF,
): RiskFactorResult {
  const found = computeRiskScore(cleanInputs(overrides), { asOf }).factors.find(
    (f) => f.factor === factor,
  );
  if (found === undefined) throw new Error(`no factor ${factor}`);
  return found;
}
