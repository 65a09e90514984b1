/**
 * Trade-route shifts between calendar months.
 *
 * - `lane_share`: an origin → destination lane whose share of its origin's tonnage moved by
 *   5 percentage points or more, or whose tonnage moved by 25 % or more, against the previous
 *   month.
 * - `chokepoint`: a chokepoint whose transits moved by 20 % or more against the mean of the
 *   three months before.
 */
import { roundPct } from './market-share';

export const LANE_SHARE_PP_THRESHOLD = 5;
export const LANE_TONNAGE_PCT_THRESHOLD = 25;
export const CHOKEPOINT_PCT_THRESHOLD = 20;
export const CHOKEPOINT_TRAILING_MONTHS = 3;

export const SHIFT_KINDS = ['lane_share', 'chokepoint'] as const;
export type ShiftKind = (typeof SHIFT_KINDS)[number];

/** Thresholds are inclusive; this absorbs binary rounding of values exactly at them. */
const EPSILON = 1e-9;

export interface RouteShift {
  kind: ShiftKind;
  period: string;
  previous_period: string;
  origin_port: string | null;
  destination_port: string | null;
  chokepoint: string | null;
  /** Lanes: tonnage (Mt) this month. Chokepoints: transits this month. */
  value: number;
  /** Lanes: tonnage (Mt) the previous month. Chokepoints: the mean of the trailing months. */
  previous_value: number;
  /** 100 · (value − previous_value) / previous_value; null when previous_value is 0. */
  change_pct: number | null;
  share_pct: number | null;
  previous_share_pct: number | null;
  share_change_pp: number | null;
  direction: 'up' | 'down';
}

/** One lane's tonnage in one month (summed over vessel types by the caller or here). */
export interface LaneTonnage {
  origin: string;
  destination: string;
  tonnage_mt: number;
}

interface LaneMonth {
  tonnage: Map<string, number>;
  originTotal: Map<string, number>;
}

const laneKey = (origin: string, destination: string): string => `${origin}\u0000${destination}`;

function month(rows: readonly LaneTonnage[]): LaneMonth {
  const tonnage = new Map<string, number>();
  const originTotal = new Map<string, number>();
  for (const row of rows) {
    const key = laneKey(row.origin, row.destination);
    tonnage.set(key, (tonnage.get(key) ?? 0) + row.tonnage_mt);
    originTotal.set(row.origin, (originTotal.get(row.origin) ?? 0) + row.tonnage_mt);
  }
  return { tonnage, originTotal };
}

function sharePct(m: LaneMonth, origin: string, key: string): number {
  const total = m.originTotal.get(origin) ?? 0;
  return total > 0 ? (100 * (m.tonnage.get(key) ?? 0)) / total : 0;
}

/** 100 · (value − base) / base, unrounded; null when base is 0. */
export function changePct(value: number, base: number): number | null {
  return base > 0 ? (100 * (value - base)) / base : null;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Lanes of `period` whose share or tonnage moved past a threshold against `previousPeriod`.
 * A lane that appears (previous tonnage 0) counts as a tonnage move; one that disappears moves
 * −100 %. Direction follows the share when the share moved past its threshold, else the tonnage.
 */
export function detectLaneShifts(
  period: string,
  previousPeriod: string,
  current: readonly LaneTonnage[],
  previous: readonly LaneTonnage[],
): RouteShift[] {
  const now = month(current);
  const before = month(previous);
  const lanes = new Map<string, { origin: string; destination: string }>();
  for (const row of [...current, ...previous]) lanes.set(laneKey(row.origin, row.destination), row);
  const shifts: RouteShift[] = [];
  for (const [key, { origin, destination }] of lanes) {
    const value = now.tonnage.get(key) ?? 0;
    const previousValue = before.tonnage.get(key) ?? 0;
    const share = sharePct(now, origin, key);
    const previousShare = sharePct(before, origin, key);
    const pp = share - previousShare;
    const change = changePct(value, previousValue);
    const shareMoved = Math.abs(pp) >= LANE_SHARE_PP_THRESHOLD - EPSILON;
    const tonnageMoved =
      change === null ? value > 0 : Math.abs(change) >= LANE_TONNAGE_PCT_THRESHOLD - EPSILON;
    if (!shareMoved && !tonnageMoved) continue;
    const rising = shareMoved ? pp > 0 : value > previousValue;
    shifts.push({
      kind: 'lane_share',
      period,
      previous_period: previousPeriod,
      origin_port: origin,
      destination_port: destination,
      chokepoint: null,
      value: round6(value),
      previous_value: round6(previousValue),
      change_pct: change === null ? null : roundPct(change),
      share_pct: roundPct(share),
      previous_share_pct: roundPct(previousShare),
      share_change_pp: roundPct(pp),
      direction: rising ? 'up' : 'down',
    });
  }
  return shifts;
}

/** Transits of one chokepoint: this month and each of the trailing months (missing = 0). */
export interface ChokepointTransits {
  chokepoint: string;
  current: number;
  trailing: readonly number[];
}

/**
 * Chokepoints of `period` whose transits moved by 20 % or more against the mean of the
 * CHOKEPOINT_TRAILING_MONTHS months before (a month without transits counts as 0). Transits
 * after none at all in the trailing months count as a rise with change_pct null.
 */
export function detectChokepointShifts(
  period: string,
  previousPeriod: string,
  rows: readonly ChokepointTransits[],
): RouteShift[] {
  const shifts: RouteShift[] = [];
  for (const row of rows) {
    const trailing = Array.from(
      { length: CHOKEPOINT_TRAILING_MONTHS },
      (_, i) => row.trailing[i] ?? 0,
    );
    const mean = trailing.reduce((sum, n) => sum + n, 0) / CHOKEPOINT_TRAILING_MONTHS;
    const change = changePct(row.current, mean);
    const moved =
      change === null ? row.current > 0 : Math.abs(change) >= CHOKEPOINT_PCT_THRESHOLD - EPSILON;
    if (!moved) continue;
    shifts.push({
      kind: 'chokepoint',
      period,
      previous_period: previousPeriod,
      origin_port: null,
      destination_port: null,
      chokepoint: row.chokepoint,
      value: row.current,
      previous_value: roundPct(mean),
      change_pct: change === null ? null : roundPct(change),
      share_pct: null,
      previous_share_pct: null,
      share_change_pp: null,
      direction: row.current > mean ? 'up' : 'down',
    });
  }
  return shifts;
}

const magnitude = (value: number | null): number =>
  value === null ? Number.POSITIVE_INFINITY : Math.abs(value);

/**
 * Chokepoints first, then lanes; within each, the largest move first (a move from nothing is
 * the largest), then by name, so the order is total.
 */
export function compareShifts(a: RouteShift, b: RouteShift): number {
  if (a.kind !== b.kind) return a.kind === 'chokepoint' ? -1 : 1;
  const byShare = magnitude(b.share_change_pp) - magnitude(a.share_change_pp);
  if (a.kind === 'lane_share' && byShare !== 0 && Number.isFinite(byShare)) return byShare;
  const byChange = magnitude(b.change_pct) - magnitude(a.change_pct);
  if (byChange !== 0 && !Number.isNaN(byChange)) return byChange;
  const name = (s: RouteShift): string =>
    `${s.chokepoint ?? ''}\u0000${s.origin_port ?? ''}\u0000${s.destination_port ?? ''}`;
  return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0;
}
