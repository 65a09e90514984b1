import { SANCTIONS_STRENGTH_SUB_SCORES } from '../sanctions/strength';
import type { ClubRiskTier, FlagCategory, PiCoverState, VesselType } from './types';

/** Sub-score tables and formulas of risk-v1. Every sub-score lies in 0..100. */

export const FLAG_CATEGORY_SUB_SCORES: Readonly<Record<FlagCategory, number>> = {
  sanctioned: 100,
  high_risk: 70,
  open_registry: 35,
  standard: 0,
};

export const VESSEL_TYPE_SUB_SCORES: Readonly<Record<VesselType, number>> = {
  tanker: 80,
  chemical_tanker: 70,
  fishing: 60,
  lng_carrier: 50,
  other: 50,
  bulk_carrier: 40,
  general_cargo: 40,
  cargo: 40,
  container: 20,
  service: 20,
  passenger: 10,
};

export const PI_CLUB_TIER_SUB_SCORES: Readonly<Record<ClubRiskTier, number>> = {
  low: 30,
  medium: 50,
  high: 70,
};

export { SANCTIONS_STRENGTH_SUB_SCORES };

/** points · amount / per, capped at 100 (dividing last keeps 100·120/240 exactly 50). */
export function cappedLinear(amount: number, points: number, per = 1): number {
  return Math.min(100, (points * amount) / per);
}

/** Age in whole years at the scoring instant: its UTC calendar year minus the build year, never negative. */
export function vesselAgeYears(buildYear: number, asOf: Date): number {
  return Math.max(0, asOf.getUTCFullYear() - buildYear);
}

/** 0 up to 10 years, rising linearly to 100 at 25 years and above. */
export function vesselAgeSubScore(ageYears: number): number {
  return Math.min(100, Math.max(0, ((ageYears - 10) * 100) / 15));
}

/** The pi_coverage raw value, a stable string naming the cover state. */
export function piCoverLabel(cover: PiCoverState): string {
  return cover.state === 'active_non_ig' ? `active_non_ig_${cover.club_risk_tier}` : cover.state;
}

export function piCoverSubScore(cover: PiCoverState): number {
  switch (cover.state) {
    case 'active_ig':
      return 0;
    case 'active_non_ig':
      return PI_CLUB_TIER_SUB_SCORES[cover.club_risk_tier];
    case 'lapsed_within_12m':
      return 90;
    case 'none':
      return 100;
  }
}
