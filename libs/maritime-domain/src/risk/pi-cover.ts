import type { ClubRiskTier, PiCoverState } from './types';

/** One P&I entry of a vessel, with its club's rating. */
export interface PiPolicy {
  ig_member: boolean;
  club_risk_tier: ClubRiskTier;
  inception: Date;
  expiry: Date;
}

const CLUB_TIER_RANK: Readonly<Record<ClubRiskTier, number>> = { low: 0, medium: 1, high: 2 };

/** asOf moved back by whole UTC calendar months (the day clamps at the month's end). */
function monthsBefore(asOf: Date, months: number): Date {
  const target = new Date(asOf.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * The cover state at `asOf` from a vessel's policies. A policy is active when
 * inception ≤ asOf < expiry; with several active, the best counts (an International Group club,
 * else the lowest-rated club). With none active, cover that expired in the 12 calendar months up
 * to asOf is `lapsed_within_12m`; older cover, future-only cover and no cover are `none`.
 */
export function piCoverStateFromPolicies(policies: readonly PiPolicy[], asOf: Date): PiCoverState {
  const at = asOf.getTime();
  const active = policies.filter((p) => p.inception.getTime() <= at && at < p.expiry.getTime());
  if (active.some((p) => p.ig_member)) return { state: 'active_ig' };
  if (active.length > 0) {
    const best = active.reduce((a, b) =>
      CLUB_TIER_RANK[b.club_risk_tier] < CLUB_TIER_RANK[a.club_risk_tier] ? b : a,
    );
    return { state: 'active_non_ig', club_risk_tier: best.club_risk_tier };
  }
  const lapseFloor = monthsBefore(asOf, 12).getTime();
  const lapsedRecently = policies.some((p) => {
    const expiry = p.expiry.getTime();
    return p.inception.getTime() <= at && expiry <= at && expiry >= lapseFloor;
  });
  return lapsedRecently ? { state: 'lapsed_within_12m' } : { state: 'none' };
}
