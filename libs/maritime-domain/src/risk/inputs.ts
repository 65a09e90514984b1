import { SANCTIONS_STRENGTHS } from '../sanctions/strength';
import { FLAG_CATEGORIES, VESSEL_TYPES } from './types';
import type { RiskInputs } from './types';

const COUNT_FIELDS = [
  'dark_events_90d',
  'dark_events_in_risk_zone_90d',
  'psc_detentions_36m',
  'prior_critical_alerts',
  'sts_events_outside_risk_areas_180d',
  'sts_events_in_risk_areas_180d',
  'draft_anomalies_180d',
  'name_flag_changes_24m',
  'mmsi_changes_24m',
  'spoofing_alerts_90d',
  'route_deceptions_180d',
] as const satisfies readonly (keyof RiskInputs)[];

const HOUR_FIELDS = [
  'dark_event_hours_90d',
  'loitering_hours_90d',
] as const satisfies readonly (keyof RiskInputs)[];

const CLUB_TIERS: readonly string[] = ['low', 'medium', 'high'];

function includes(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value);
}

/** The names of the inputs that break their contract (empty when all are sound). */
export function invalidRiskInputFields(inputs: RiskInputs): string[] {
  const invalid: string[] = [];
  for (const field of COUNT_FIELDS) {
    const value: unknown = inputs[field];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) invalid.push(field);
  }
  for (const field of HOUR_FIELDS) {
    const value: unknown = inputs[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) invalid.push(field);
  }
  if (inputs.flag_category !== null && !includes(FLAG_CATEGORIES, inputs.flag_category))
    invalid.push('flag_category');
  if (inputs.build_year !== null && !Number.isSafeInteger(inputs.build_year))
    invalid.push('build_year');
  if (!includes(VESSEL_TYPES, inputs.vessel_type)) invalid.push('vessel_type');
  if (!includes(SANCTIONS_STRENGTHS, inputs.sanctions_strength)) invalid.push('sanctions_strength');
  const cover: unknown = inputs.pi_cover;
  const coverState = typeof cover === 'object' && cover !== null ? inputs.pi_cover.state : null;
  if (
    !includes(['active_ig', 'active_non_ig', 'lapsed_within_12m', 'none'], coverState) ||
    (inputs.pi_cover.state === 'active_non_ig' &&
      !includes(CLUB_TIERS, inputs.pi_cover.club_risk_tier))
  )
    invalid.push('pi_cover');
  return invalid;
}
