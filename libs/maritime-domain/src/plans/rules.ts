import { DENSITY_HARD_CAP, PLAN_LIMITS, PLAN_NAMES } from './plans';
import type { Access, Plan } from './plans';

const DAY_MS = 86_400_000;

/** 0 for free up to 4 for admin. */
export function planRank(plan: Plan): number {
  return PLAN_NAMES.indexOf(plan);
}

/** True when `plan` is `required` or above it (free < starter < pro < supply_chain_risk < admin). */
export function meetsPlan(plan: Plan, required: Plan): boolean {
  return planRank(plan) >= planRank(required);
}

/**
 * Requests per minute for a caller: a key's own rate overrides its plan's (for any plan), and
 * anonymous callers always get the anonymous rate.
 */
export function effectiveRateLimit(access: Access, rateLimitPerMin: number | null): number {
  if (access !== 'anonymous' && rateLimitPerMin !== null) return rateLimitPerMin;
  return PLAN_LIMITS[access].requests_per_minute;
}

/** The oldest instant the plan may see (now minus its depth in days), or null for full history. */
export function historyStart(access: Access, now: Date): Date | null {
  const days = PLAN_LIMITS[access].history_days;
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/**
 * The oldest UTC day (`YYYY-MM-DD`) the plan may ask for by date, or null for full history: the
 * day that contains historyStart, so a 7-day plan on 2025-06-15 may ask for 2025-06-08.
 */
export function historyStartDay(access: Access, now: Date): string | null {
  const start = historyStart(access, now);
  return start === null ? null : start.toISOString().slice(0, 10);
}

/** True when a requested instant lies within the plan's history depth. */
export function isWithinHistory(access: Access, at: Date, now: Date): boolean {
  const start = historyStart(access, now);
  return start === null || at.getTime() >= start.getTime();
}

/**
 * The limit to use: the requested one, clamped to the plan's cap and then to the hard cap. The
 * request must already be a validated positive integer (values below 1 are a 400 upstream).
 */
export function clampLimit(requested: number, cap: number, hardCap?: number): number {
  if (!Number.isSafeInteger(requested) || requested < 1)
    throw new RangeError('a limit is a positive integer');
  return Math.min(requested, cap, hardCap ?? Number.POSITIVE_INFINITY);
}

/** True when the plan may export at all (its export_rows is above 0). */
export function canExport(access: Access): boolean {
  return PLAN_LIMITS[access].export_rows > 0;
}

/** A density `limit` after the plan's cap and the 1000-cell hard cap. */
export function densityLimit(access: Access, requested: number): number {
  return clampLimit(requested, PLAN_LIMITS[access].density_cap, DENSITY_HARD_CAP);
}

/** An `/alerts` `limit` after the plan's cap (alerts need a key, so anonymous is not a case). */
export function alertsLimit(plan: Plan, requested: number): number {
  const cap = PLAN_LIMITS[plan].alerts_limit_cap;
  if (cap === null) throw new RangeError(`plan ${plan} has no alerts limit`);
  return clampLimit(requested, cap);
}
