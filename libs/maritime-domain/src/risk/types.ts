import type { SanctionsStrength } from '../sanctions/strength';

/** The 14 risk factors of risk-v1, in the order they are listed everywhere. */
export const RISK_FACTOR_NAMES = [
  'gap_duration',
  'gap_frequency',
  'location_risk',
  'flag_state',
  'vessel_age',
  'vessel_type',
  'prior_history',
  'sanctions_match',
  'sts_involvement',
  'draft_anomaly',
  'loitering',
  'identity_manipulation',
  'pi_coverage',
  'obfuscation_risk',
] as const;

export type RiskFactorName = (typeof RISK_FACTOR_NAMES)[number];

/** A weight per factor; a valid set has exactly the 14 factors, each ≥ 0, summing to 1. */
export type RiskWeights = Readonly<Record<RiskFactorName, number>>;

export const VESSEL_TYPES = [
  'bulk_carrier',
  'tanker',
  'container',
  'lng_carrier',
  'chemical_tanker',
  'general_cargo',
  'cargo',
  'passenger',
  'fishing',
  'service',
  'other',
] as const;

export type VesselType = (typeof VESSEL_TYPES)[number];

/** A flag state's registry category. */
export const FLAG_CATEGORIES = ['sanctioned', 'high_risk', 'open_registry', 'standard'] as const;

export type FlagCategory = (typeof FLAG_CATEGORIES)[number];

/** The risk tier a P&I club is rated at (every International Group club is `low`). */
export type ClubRiskTier = 'low' | 'medium' | 'high';

/**
 * A vessel's P&I cover at the scoring instant: an active International Group club, an active
 * club outside the group (rated by its risk tier), cover that lapsed within the last 12 months,
 * or none (never covered, or lapsed longer ago).
 */
export type PiCoverState =
  | { state: 'active_ig' }
  | { state: 'active_non_ig'; club_risk_tier: ClubRiskTier }
  | { state: 'lapsed_within_12m' }
  | { state: 'none' };

/**
 * The raw facts the score is computed from, each counted over the window its factor states
 * (windows end at the scoring instant). Counts are non-negative integers; hours are
 * non-negative numbers. Split counts are disjoint: an STS event is either in a risk area or not.
 */
export interface RiskInputs {
  /** gap_duration: total hours of dark events (AIS gaps) in the last 90 days. */
  dark_event_hours_90d: number;
  /** gap_frequency: number of dark events in the last 90 days. */
  dark_events_90d: number;
  /** location_risk: dark events in the last 90 days that started or ended in a risk zone. */
  dark_events_in_risk_zone_90d: number;
  /** flag_state: the flag's category; null (unknown flag) scores as standard. */
  flag_category: FlagCategory | null;
  /** vessel_age: year of build; null (unknown) scores 0. */
  build_year: number | null;
  /** vessel_type. */
  vessel_type: VesselType;
  /** prior_history: port-state-control detentions in the last 36 months. */
  psc_detentions_36m: number;
  /** prior_history: critical platform alerts raised between 90 days and 24 months ago. */
  prior_critical_alerts: number;
  /** sanctions_match: the strongest sanctions match across all list entries. */
  sanctions_strength: SanctionsStrength;
  /** sts_involvement: ship-to-ship transfers in the last 180 days outside STS hotspots and sanctions areas. */
  sts_events_outside_risk_areas_180d: number;
  /** sts_involvement: ship-to-ship transfers in the last 180 days inside an STS hotspot or sanctions area (count double). */
  sts_events_in_risk_areas_180d: number;
  /** draft_anomaly: draft anomalies in the last 180 days. */
  draft_anomalies_180d: number;
  /** loitering: total hours of loitering alerts in the last 90 days. */
  loitering_hours_90d: number;
  /** identity_manipulation: name and flag changes in the last 24 months. */
  name_flag_changes_24m: number;
  /** identity_manipulation: MMSI changes in the last 24 months (count double). */
  mmsi_changes_24m: number;
  /** pi_coverage: the current P&I cover. */
  pi_cover: PiCoverState;
  /** obfuscation_risk: spoofing alerts in the last 90 days. */
  spoofing_alerts_90d: number;
  /** obfuscation_risk: route deceptions (declared ≠ actual destination) in the last 180 days. */
  route_deceptions_180d: number;
}

export type RiskTier = 'low' | 'medium' | 'high' | 'critical';

export type RiskTierOverride = 'sanctions_direct_match';

/** The value a factor's rule reads: a number, a category, or null when unknown. */
export type RiskRawValue = number | string | null;

export interface RiskFactorResult {
  factor: RiskFactorName;
  /** What the rule is applied to (for doubled or composite counts, the weighted count). */
  raw_value: RiskRawValue;
  /** The facts behind raw_value, by input name. */
  inputs: Readonly<Record<string, number | string | null>>;
  /** 0..100, unrounded. */
  sub_score: number;
  weight: number;
  /** weight · sub_score, unrounded. */
  contribution: number;
  /** The look-back window of the facts, or null for current attributes. */
  window_days: number | null;
  /** The rule as a short sentence. */
  rule: string;
}

export interface RiskScoreResult {
  /** `risk-v1` with the standard weights, `custom` with any other weight set. */
  version: 'risk-v1' | 'custom';
  /** The unrounded sum of contributions, rounded to 1 decimal. */
  score: number;
  tier: RiskTier;
  tier_override: RiskTierOverride | null;
  factors: RiskFactorResult[];
  /** Σ contributions, unrounded. */
  contributions_sum: number;
}
