import {
  FLAG_CATEGORY_SUB_SCORES,
  SANCTIONS_STRENGTH_SUB_SCORES,
  VESSEL_TYPE_SUB_SCORES,
  cappedLinear,
  piCoverLabel,
  piCoverSubScore,
  vesselAgeSubScore,
  vesselAgeYears,
} from './sub-scores';
import type { RiskFactorName, RiskInputs, RiskRawValue } from './types';

export interface FactorEvaluation {
  raw_value: RiskRawValue;
  inputs: Readonly<Record<string, number | string | null>>;
  sub_score: number;
}

export interface RiskFactorRule {
  /** The look-back window of the facts, or null for current attributes. */
  window_days: number | null;
  /** The rule as a short sentence. */
  rule: string;
  evaluate(inputs: RiskInputs, asOf: Date): FactorEvaluation;
}

/** A count-like factor whose raw value is the weighted count its sub-score is linear in. */
function counted(
  inputs: Record<string, number>,
  rawValue: number,
  points: number,
  per = 1,
): FactorEvaluation {
  return { raw_value: rawValue, inputs, sub_score: cappedLinear(rawValue, points, per) };
}

/** The risk-v1 rules, in factor order. */
export const RISK_FACTOR_RULES: Readonly<Record<RiskFactorName, RiskFactorRule>> = {
  gap_duration: {
    window_days: 90,
    rule: 'Total hours of AIS gaps in the last 90 days: 100 × hours / 240, capped at 100.',
    evaluate: (i) =>
      counted({ dark_event_hours_90d: i.dark_event_hours_90d }, i.dark_event_hours_90d, 100, 240),
  },
  gap_frequency: {
    window_days: 90,
    rule: 'Number of AIS gaps in the last 90 days: 10 per gap, capped at 100.',
    evaluate: (i) => counted({ dark_events_90d: i.dark_events_90d }, i.dark_events_90d, 10),
  },
  location_risk: {
    window_days: 90,
    rule: 'AIS gaps in the last 90 days that started or ended in a risk zone: 40 per gap, capped at 100.',
    evaluate: (i) =>
      counted(
        { dark_events_in_risk_zone_90d: i.dark_events_in_risk_zone_90d },
        i.dark_events_in_risk_zone_90d,
        40,
      ),
  },
  flag_state: {
    window_days: null,
    rule: 'Flag registry category: sanctioned 100, high risk 70, open registry 35, standard or unknown 0.',
    evaluate: (i) => ({
      raw_value: i.flag_category,
      inputs: { flag_category: i.flag_category },
      sub_score: i.flag_category === null ? 0 : FLAG_CATEGORY_SUB_SCORES[i.flag_category],
    }),
  },
  vessel_age: {
    window_days: null,
    rule: 'Years since build (scoring year minus build year): 0 up to 10 years, rising linearly to 100 at 25 years; unknown 0.',
    evaluate: (i, asOf) => {
      const age = i.build_year === null ? null : vesselAgeYears(i.build_year, asOf);
      return {
        raw_value: age,
        inputs: { build_year: i.build_year },
        sub_score: age === null ? 0 : vesselAgeSubScore(age),
      };
    },
  },
  vessel_type: {
    window_days: null,
    rule: 'Vessel type: tanker 80, chemical tanker 70, fishing 60, LNG carrier and other 50, bulk carrier, general cargo and cargo 40, container and service 20, passenger 10.',
    evaluate: (i) => ({
      raw_value: i.vessel_type,
      inputs: { vessel_type: i.vessel_type },
      sub_score: VESSEL_TYPE_SUB_SCORES[i.vessel_type],
    }),
  },
  prior_history: {
    window_days: 1095,
    rule: 'Port-state-control detentions in the last 36 months plus critical alerts raised 90 days to 24 months ago: 25 each, capped at 100.',
    evaluate: (i) =>
      counted(
        {
          psc_detentions_36m: i.psc_detentions_36m,
          prior_critical_alerts: i.prior_critical_alerts,
        },
        i.psc_detentions_36m + i.prior_critical_alerts,
        25,
      ),
  },
  sanctions_match: {
    window_days: null,
    rule: 'Strongest sanctions list match: IMO 100, MMSI 90, vessel or former name 70, owner or manager name 60, none 0.',
    evaluate: (i) => ({
      raw_value: i.sanctions_strength,
      inputs: { sanctions_strength: i.sanctions_strength },
      sub_score: SANCTIONS_STRENGTH_SUB_SCORES[i.sanctions_strength],
    }),
  },
  sts_involvement: {
    window_days: 180,
    rule: 'Ship-to-ship transfers in the last 180 days, counting those in an STS hotspot or sanctions area twice: 25 each, capped at 100.',
    evaluate: (i) =>
      counted(
        {
          sts_events_outside_risk_areas_180d: i.sts_events_outside_risk_areas_180d,
          sts_events_in_risk_areas_180d: i.sts_events_in_risk_areas_180d,
        },
        i.sts_events_outside_risk_areas_180d + 2 * i.sts_events_in_risk_areas_180d,
        25,
      ),
  },
  draft_anomaly: {
    window_days: 180,
    rule: 'Draft changes of 1 m or more away from ports in the last 180 days: 34 each, capped at 100.',
    evaluate: (i) =>
      counted({ draft_anomalies_180d: i.draft_anomalies_180d }, i.draft_anomalies_180d, 34),
  },
  loitering: {
    window_days: 90,
    rule: 'Hours of loitering in the last 90 days: 100 × hours / 72, capped at 100.',
    evaluate: (i) =>
      counted({ loitering_hours_90d: i.loitering_hours_90d }, i.loitering_hours_90d, 100, 72),
  },
  identity_manipulation: {
    window_days: 730,
    rule: 'Name and flag changes in the last 24 months, counting MMSI changes twice: 35 each, capped at 100.',
    evaluate: (i) =>
      counted(
        { name_flag_changes_24m: i.name_flag_changes_24m, mmsi_changes_24m: i.mmsi_changes_24m },
        i.name_flag_changes_24m + 2 * i.mmsi_changes_24m,
        35,
      ),
  },
  pi_coverage: {
    window_days: 365,
    rule: 'Current P&I cover: International Group club 0; other club rated low 30, medium 50, high 70; lapsed within 12 months 90; none 100.',
    evaluate: (i) => ({
      raw_value: piCoverLabel(i.pi_cover),
      inputs: { pi_cover: piCoverLabel(i.pi_cover) },
      sub_score: piCoverSubScore(i.pi_cover),
    }),
  },
  obfuscation_risk: {
    window_days: 180,
    rule: 'Spoofing alerts in the last 90 days (30 each) plus route deceptions in the last 180 days (20 each), capped at 100.',
    // The raw value is the uncapped points total, since the rule weighs its two counts differently.
    evaluate: (i) =>
      counted(
        {
          spoofing_alerts_90d: i.spoofing_alerts_90d,
          route_deceptions_180d: i.route_deceptions_180d,
        },
        30 * i.spoofing_alerts_90d + 20 * i.route_deceptions_180d,
        1,
      ),
  },
};
