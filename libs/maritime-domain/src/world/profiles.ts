/** World sizes: vessels, days of voyage history and days of AIS fixes before asOf. */
import type { WorldProfile } from './types';

export interface ProfileSpec {
  vessels: number;
  historyDays: number;
  aisDays: number;
}

export const PROFILES: Readonly<Record<WorldProfile, ProfileSpec>> = {
  small: { vessels: 200, historyDays: 180, aisDays: 3 },
  default: { vessels: 2000, historyDays: 730, aisDays: 30 },
  large: { vessels: 10_000, historyDays: 730, aisDays: 30 },
};

/** The Red Sea diversion runs over the last six months. */
export const DIVERSION_DAYS = 182;
