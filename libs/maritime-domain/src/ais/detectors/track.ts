/** Helpers shared by the detectors: time order, elapsed time and which areas hold a fix. */
import { haversineKm, isWithinKm } from '../geo';
import type { AreaId, PortArea, RiskZoneArea, TrackFix } from './types';

export const MS_PER_HOUR = 3_600_000;

/** The fixes in time order: the same array when already ordered, else a sorted copy. */
export function chronological<T extends TrackFix>(fixes: readonly T[]): readonly T[] {
  for (let i = 1; i < fixes.length; i += 1) {
    if (fixes[i].timestamp.getTime() < fixes[i - 1].timestamp.getTime())
      return [...fixes].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  }
  return fixes;
}

export function hoursBetween(from: TrackFix, to: TrackFix): number {
  return (to.timestamp.getTime() - from.timestamp.getTime()) / MS_PER_HOUR;
}

/** True when the fix lies within some port's anchorage radius. */
export function isNearAnyPort(fix: TrackFix, ports: readonly PortArea[]): boolean {
  return ports.some((port) => isWithinKm(fix, port, port.anchorageRadiusKm));
}

/** The nearest port whose anchorage radius holds the fix, or null. */
export function anchoragePortOf(fix: TrackFix, ports: readonly PortArea[]): PortArea | null {
  let best: PortArea | null = null;
  let bestKm = Infinity;
  for (const port of ports) {
    if (!isWithinKm(fix, port, port.anchorageRadiusKm)) continue;
    const km = haversineKm(fix, port);
    if (km < bestKm) {
      best = port;
      bestKm = km;
    }
  }
  return best;
}

/** The zone whose centre is nearest among those holding the fix, or null. */
export function zoneOf(fix: TrackFix, zones: readonly RiskZoneArea[]): RiskZoneArea | null {
  let best: RiskZoneArea | null = null;
  let bestKm = Infinity;
  for (const zone of zones) {
    if (!isWithinKm(fix, zone, zone.radiusKm)) continue;
    const km = haversineKm(fix, zone);
    if (km < bestKm) {
      best = zone;
      bestKm = km;
    }
  }
  return best;
}

export function zoneIdOf(fix: TrackFix, zones: readonly RiskZoneArea[]): AreaId | null {
  return zoneOf(fix, zones)?.id ?? null;
}
