/** Lookups over one vessel's schedule: which voyage is at sea at an instant, and the fix grid. */
import type { PortCall, Vessel, Voyage } from '../types';
import { HOUR_MS } from '../time';

export const FIX_INTERVAL_MS = 15 * 60 * 1000;

/** Each vessel reports on its own 15-minute grid, offset by a fixed number of seconds. */
export function fixPhaseMs(vessel: Vessel): number {
  return (vessel.noiseKey % 900) * 1000;
}

export function floorToFix(vessel: Vessel, t: number): number {
  const phase = fixPhaseMs(vessel);
  return phase + Math.floor((t - phase) / FIX_INTERVAL_MS) * FIX_INTERVAL_MS;
}

export function ceilToFix(vessel: Vessel, t: number): number {
  const phase = fixPhaseMs(vessel);
  return phase + Math.ceil((t - phase) / FIX_INTERVAL_MS) * FIX_INTERVAL_MS;
}

/** The voyage under way at t, or null when the vessel is in port (or before its history). */
export function voyageAt(voyages: readonly Voyage[], t: number): Voyage | null {
  let lo = 0;
  let hi = voyages.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = voyages[mid] as Voyage;
    if (t < v.departMs) hi = mid - 1;
    else if (t >= v.arriveMs) lo = mid + 1;
    else return v;
  }
  return null;
}

/** The call in progress at t, or null. */
export function callAt(calls: readonly PortCall[], t: number): PortCall | null {
  for (const call of calls) if (t >= call.arriveMs && t < call.departMs) return call;
  return null;
}

/** Whether [from, to] lies inside the sea part of one voyage, `marginH` clear of both ends. */
export function atSeaThroughout(
  voyages: readonly Voyage[],
  from: number,
  to: number,
  marginH: number,
): Voyage | null {
  const v = voyageAt(voyages, from);
  if (v === null) return null;
  const margin = marginH * HOUR_MS;
  return from >= v.departMs + margin && to <= v.arriveMs - margin ? v : null;
}

export interface Interval {
  from: number;
  to: number;
}

export function overlaps(
  intervals: readonly Interval[],
  from: number,
  to: number,
  slackMs: number,
): boolean {
  return intervals.some((i) => from < i.to + slackMs && to > i.from - slackMs);
}
