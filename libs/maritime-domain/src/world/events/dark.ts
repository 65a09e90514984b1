/** dark_events and spoofing_alerts rows from the vessels' gaps and spoofing episodes. */
import { isoInstant, HOUR_MS } from '../time';
import type { Row } from '../tables';
import type { Gap, SpoofEpisode, Vessel } from '../types';
import { numberRows, round, zoneId } from './event-row';
import type { PendingRow, Severity } from './event-row';

/** A gap becomes a dark event once it has lasted 6 hours. */
export const DARK_EVENT_THRESHOLD_H = 6;

export function darkSeverity(hours: number, inZone: boolean): Severity {
  if (hours >= 48 || inZone) return 'critical';
  if (hours >= 12) return 'warning';
  return 'info';
}

export function darkEventRows(
  vessels: readonly Vessel[],
  gaps: readonly Gap[],
  asOfMs: number,
): Row[] {
  const pending: PendingRow[] = [];
  for (const gap of gaps) {
    const vessel = vessels[gap.vessel] as Vessel;
    const endMs = gap.endMs ?? asOfMs;
    const hours = (endMs - gap.startMs) / HOUR_MS;
    const occurredMs = gap.startMs + DARK_EVENT_THRESHOLD_H * HOUR_MS;
    if (hours < DARK_EVENT_THRESHOLD_H || occurredMs > asOfMs) continue;
    pending.push({
      occurredMs,
      order: gap.vessel,
      cells: [
        vessel.imo,
        isoInstant(gap.startMs),
        gap.endMs === null ? null : isoInstant(gap.endMs),
        round(gap.start.lat, 5),
        round(gap.start.lon, 5),
        gap.end === null ? null : round(gap.end.lat, 5),
        gap.end === null ? null : round(gap.end.lon, 5),
        zoneId(gap.zone),
        darkSeverity(hours, gap.zone !== null),
        round(Math.min(0.99, 0.8 + hours / 200), 4),
        isoInstant(occurredMs),
      ],
    });
  }
  return numberRows(pending);
}

const SPOOF_SEVERITY: Readonly<Record<SpoofEpisode['kind'], Severity>> = {
  identity_clone: 'critical',
  impossible_speed: 'warning',
  position_jump: 'info',
};

export function spoofingRows(vessels: readonly Vessel[], episodes: readonly SpoofEpisode[]): Row[] {
  const pending: PendingRow[] = episodes.map((e) => {
    const vessel = vessels[e.vessel] as Vessel;
    return {
      occurredMs: e.startMs,
      order: e.vessel,
      cells: [
        vessel.imo,
        vessel.mmsi,
        e.kind,
        round(e.impliedSpeedKn, 1),
        round(e.distanceNm, 1),
        round(e.to.lat, 5),
        round(e.to.lon, 5),
        {
          from: { lat: round(e.from.lat, 5), lon: round(e.from.lon, 5) },
          to: { lat: round(e.to.lat, 5), lon: round(e.to.lon, 5) },
          fixes: Math.round((e.endMs - e.startMs) / (15 * 60 * 1000)) + 1,
          ended_at: isoInstant(e.endMs),
        },
        SPOOF_SEVERITY[e.kind],
        e.kind === 'position_jump' ? 0.7 : 0.85,
        isoInstant(e.startMs),
      ],
    };
  });
  return numberRows(pending);
}
