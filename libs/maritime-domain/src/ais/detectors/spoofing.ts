/**
 * Spoofing: consecutive fixes of one MMSI that no ship could connect. The implied speed is the
 * great-circle distance over the elapsed time (at least one second), rounded to 0.01 kn, and a
 * pair is impossible when it exceeds `maxSpeedKn` (50 kn; exactly 50.00 passes) over at least
 * `minDistanceNm` (1 nm, so GPS jitter between fixes seconds apart is never flagged).
 *
 * Each impossible pair (A, B) is classified:
 * - identity_clone (critical): A and B come from different sources (terrestrial and satellite)
 *   within ±`cloneWindowMinutes` (10): two transmitters are using one MMSI.
 * - position_jump (info): B is a lone outlier: the next fix C is impossible from B but
 *   reachable from A, so the track came straight back. The (B, C) pair is not reported again.
 * - impossible_speed (warning): otherwise; the track moved for good, or the outlier is the last
 *   fix seen so far (a later run may then call it a jump).
 */
import { haversineNm } from '../geo';
import type { AisSource } from '../types';
import { chronological, MS_PER_HOUR } from './track';
import type { EventSeverity, TrackFix } from './types';

export type SpoofingKind = 'position_jump' | 'impossible_speed' | 'identity_clone';

export interface SpoofingOptions {
  /** Fastest credible speed over ground, knots (default 50). */
  maxSpeedKn?: number;
  /** Shortest move that can be flagged, nautical miles (default 1). */
  minDistanceNm?: number;
  /** Largest time apart for two sources' fixes to count as a clone, minutes (default 10). */
  cloneWindowMinutes?: number;
}

/** A fix as recorded in an alert's details. */
export interface SpoofingFixDetail {
  timestamp: string;
  lat: number;
  lon: number;
  source: AisSource | null;
}

/** An impossible pair of fixes, with the columns of a spoofing_alerts row. */
export interface SpoofingAlert {
  kind: SpoofingKind;
  severity: EventSeverity;
  confidence: number;
  /** When the impossible fix was seen (the later fix of the pair). */
  occurred_at: Date;
  implied_speed_kn: number;
  distance_nm: number;
  elapsed_hours: number;
  /** The bracketing fixes (and, for a jump, the fix the track returned to). */
  details: {
    from: SpoofingFixDetail;
    to: SpoofingFixDetail;
    returned_to: SpoofingFixDetail | null;
    max_speed_kn: number;
  };
}

const SEVERITY: Record<SpoofingKind, EventSeverity> = {
  identity_clone: 'critical',
  impossible_speed: 'warning',
  position_jump: 'info',
};

const CONFIDENCE: Record<SpoofingKind, number> = {
  identity_clone: 0.9,
  impossible_speed: 0.8,
  position_jump: 0.6,
};

const MIN_ELAPSED_HOURS = 1 / 3600;

interface Leg {
  distanceNm: number;
  elapsedHours: number;
  impliedSpeedKn: number;
  impossible: boolean;
}

function detail(fix: TrackFix): SpoofingFixDetail {
  return {
    timestamp: fix.timestamp.toISOString(),
    lat: fix.lat,
    lon: fix.lon,
    source: fix.source ?? null,
  };
}

/** Impossible moves in one vessel's (one MMSI's) track, oldest first. */
export function detectSpoofing(
  positions: readonly TrackFix[],
  options: SpoofingOptions = {},
): SpoofingAlert[] {
  const fixes = chronological(positions);
  const maxSpeedKn = options.maxSpeedKn ?? 50;
  const minDistanceNm = options.minDistanceNm ?? 1;
  const cloneWindowMs = (options.cloneWindowMinutes ?? 10) * 60_000;

  const leg = (from: TrackFix, to: TrackFix): Leg => {
    const distanceNm = haversineNm(from, to);
    const elapsedHours = (to.timestamp.getTime() - from.timestamp.getTime()) / MS_PER_HOUR;
    const impliedSpeedKn =
      Math.round((distanceNm / Math.max(elapsedHours, MIN_ELAPSED_HOURS)) * 100) / 100;
    const impossible = distanceNm >= minDistanceNm && impliedSpeedKn > maxSpeedKn;
    return { distanceNm, elapsedHours, impliedSpeedKn, impossible };
  };

  const alerts: SpoofingAlert[] = [];
  for (let i = 1; i < fixes.length; i += 1) {
    const from = fixes[i - 1];
    const to = fixes[i];
    const move = leg(from, to);
    if (!move.impossible) continue;
    const next = fixes[i + 1];
    let kind: SpoofingKind = 'impossible_speed';
    let returnedTo: TrackFix | null = null;
    const differentSources =
      from.source !== undefined && to.source !== undefined && from.source !== to.source;
    if (differentSources && move.elapsedHours * MS_PER_HOUR <= cloneWindowMs) {
      kind = 'identity_clone';
    } else if (next !== undefined && leg(to, next).impossible && !leg(from, next).impossible) {
      kind = 'position_jump';
      returnedTo = next;
      i += 1; // the way back from the outlier is the same event
    }
    alerts.push({
      kind,
      severity: SEVERITY[kind],
      confidence: CONFIDENCE[kind],
      occurred_at: to.timestamp,
      implied_speed_kn: move.impliedSpeedKn,
      distance_nm: Math.round(move.distanceNm * 100) / 100,
      elapsed_hours: move.elapsedHours,
      details: {
        from: detail(from),
        to: detail(to),
        returned_to: returnedTo === null ? null : detail(returnedTo),
        max_speed_kn: maxSpeedKn,
      },
    });
  }
  return alerts;
}
