/**
 * Dark periods: a vessel at sea that sends nothing for `minGapHours` (6 by default) or longer.
 *
 * "At sea" means outside every port's anchorage radius. Silences at berth or at anchor off a port
 * are routine (receivers switched off, shore coverage gaps in crowded anchorages), so a gap counts
 * only when the fix before it and the fix after it are both at sea. A gap still open at `now`
 * counts when its last fix is at sea; it has no end yet and lasts until `now`.
 *
 * Each gap is timed from its last fix before the silence; it becomes an event once it reaches
 * the threshold, so occurred_at = started_at + minGapHours. Severity: critical when it lasts 48 h
 * or more or when it starts or ends inside a risk zone, warning from 12 h, info below.
 * Confidence grows from 0.6 at the threshold to 0.95 at 48 h: the longer the silence, the less
 * likely it is a reception gap.
 */
import { chronological, hoursBetween, isNearAnyPort, MS_PER_HOUR, zoneIdOf } from './track';
import type { AreaId, PortArea, RiskZoneArea, EventSeverity, TrackFix } from './types';

export interface DarkGapOptions {
  ports: readonly PortArea[];
  zones?: readonly RiskZoneArea[];
  /** Shortest silence that counts, in hours (default 6; exactly this long counts). */
  minGapHours?: number;
  /** The end of observation: a silence after the last fix is measured up to here. */
  now: Date;
}

/** A dark period, with the columns of a dark_events row. */
export interface DarkGap {
  started_at: Date;
  /** Null while the vessel is still silent at `now`. */
  ended_at: Date | null;
  /** Hours from started_at to ended_at, or to `now` while open. */
  gap_hours: number;
  start_lat: number;
  start_lon: number;
  end_lat: number | null;
  end_lon: number | null;
  occurred_at: Date;
  severity: EventSeverity;
  confidence: number;
  /** The risk zone holding the start (else the end) of the gap, if any. */
  zone_id: AreaId | null;
}

export const DEFAULT_MIN_GAP_HOURS = 6;
const CRITICAL_HOURS = 48;
const WARNING_HOURS = 12;

export function darkGapSeverity(gapHours: number, zoneId: AreaId | null): EventSeverity {
  if (zoneId !== null || gapHours >= CRITICAL_HOURS) return 'critical';
  return gapHours >= WARNING_HOURS ? 'warning' : 'info';
}

function confidenceFor(gapHours: number, minGapHours: number): number {
  const span = Math.max(CRITICAL_HOURS - minGapHours, 1);
  const share = Math.min(1, Math.max(0, (gapHours - minGapHours) / span));
  return Math.round((0.6 + 0.35 * share) * 100) / 100;
}

/** Dark gaps in one vessel's track, oldest first. */
export function detectDarkGaps(positions: readonly TrackFix[], options: DarkGapOptions): DarkGap[] {
  const fixes = chronological(positions);
  const minGapHours = options.minGapHours ?? DEFAULT_MIN_GAP_HOURS;
  const minGapMs = minGapHours * MS_PER_HOUR;
  const zones = options.zones ?? [];
  const gaps: DarkGap[] = [];

  const gap = (start: TrackFix, end: TrackFix | null, hours: number): DarkGap => {
    const zoneId = zoneIdOf(start, zones) ?? (end === null ? null : zoneIdOf(end, zones));
    return {
      started_at: start.timestamp,
      ended_at: end?.timestamp ?? null,
      gap_hours: hours,
      start_lat: start.lat,
      start_lon: start.lon,
      end_lat: end?.lat ?? null,
      end_lon: end?.lon ?? null,
      occurred_at: new Date(start.timestamp.getTime() + minGapMs),
      severity: darkGapSeverity(hours, zoneId),
      confidence: confidenceFor(hours, minGapHours),
      zone_id: zoneId,
    };
  };

  for (let i = 1; i < fixes.length; i += 1) {
    const start = fixes[i - 1];
    const end = fixes[i];
    if (end.timestamp.getTime() - start.timestamp.getTime() < minGapMs) continue;
    if (isNearAnyPort(start, options.ports) || isNearAnyPort(end, options.ports)) continue;
    gaps.push(gap(start, end, hoursBetween(start, end)));
  }

  const last = fixes[fixes.length - 1];
  if (last !== undefined) {
    const silentMs = options.now.getTime() - last.timestamp.getTime();
    if (silentMs >= minGapMs && !isNearAnyPort(last, options.ports))
      gaps.push(gap(last, null, silentMs / MS_PER_HOUR));
  }
  return gaps;
}
