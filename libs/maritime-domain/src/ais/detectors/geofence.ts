/**
 * Geofence crossings of one vessel's track: entering and leaving a port (its port radius, where
 * the berths are) and entering a risk zone.
 *
 * A crossing is seen between two consecutive fixes, and timed at the first fix on the new side:
 * an entry at the first fix inside, a departure at the first fix outside. Which side the vessel
 * was on before its first fix is unknown, so a track that starts inside a port or zone reports no
 * entry; when it then leaves the port, the departure counts the stay from its first fix and says
 * so in metadata.entry_observed. Each port and zone is tracked on its own.
 *
 * Severity: entering a zone of kind sanctions_area is critical; every other crossing is info.
 */
import { isWithinKm } from '../geo';
import { chronological, MS_PER_HOUR } from './track';
import type { AreaId, PortArea, RiskZoneArea, EventSeverity, TrackFix } from './types';

export type GeofenceKind = 'port_entry' | 'port_departure' | 'zone_entry';

/** A crossing, with the columns of a locus_alerts row. */
export interface GeofenceEvent {
  kind: GeofenceKind;
  port_id: AreaId | null;
  zone_id: AreaId | null;
  /** Entry time (the first fix inside; for a departure, the first fix of the stay). */
  started_at: Date;
  /** The first fix outside again; null while still inside at the end of the track. */
  ended_at: Date | null;
  /** started_at to ended_at; null while open. */
  hours: number | null;
  /** When the crossing was seen: started_at for entries, ended_at for departures. */
  occurred_at: Date;
  severity: EventSeverity;
  metadata: { entry_observed: boolean };
}

export interface GeofenceOptions {
  ports: readonly PortArea[];
  zones?: readonly RiskZoneArea[];
}

/** One stay inside an area: first fix inside, first fix outside after it (or null). */
interface Stay {
  entry: TrackFix;
  entryObserved: boolean;
  exit: TrackFix | null;
}

/** The stays of the track inside a circle, in time order. */
function staysInside(
  fixes: readonly TrackFix[],
  centre: { lat: number; lon: number },
  radiusKm: number,
): Stay[] {
  const stays: Stay[] = [];
  let current: Stay | null = null;
  fixes.forEach((fix, index) => {
    const inside = isWithinKm(fix, centre, radiusKm);
    if (inside && current === null) {
      current = { entry: fix, entryObserved: index > 0, exit: null };
      stays.push(current);
    } else if (!inside && current !== null) {
      current.exit = fix;
      current = null;
    }
  });
  return stays;
}

function span(stay: Stay): { ended_at: Date | null; hours: number | null } {
  if (stay.exit === null) return { ended_at: null, hours: null };
  const ms = stay.exit.timestamp.getTime() - stay.entry.timestamp.getTime();
  return { ended_at: stay.exit.timestamp, hours: ms / MS_PER_HOUR };
}

/** Port entries and departures and zone entries, ordered by occurred_at. */
export function detectGeofenceEvents(
  positions: readonly TrackFix[],
  options: GeofenceOptions,
): GeofenceEvent[] {
  const fixes = chronological(positions);
  const events: GeofenceEvent[] = [];
  for (const port of options.ports) {
    for (const stay of staysInside(fixes, port, port.portRadiusKm)) {
      const { ended_at, hours } = span(stay);
      const base = { port_id: port.id, zone_id: null, started_at: stay.entry.timestamp };
      const metadata = { entry_observed: stay.entryObserved };
      if (stay.entryObserved)
        events.push({
          ...base,
          kind: 'port_entry',
          ended_at,
          hours,
          occurred_at: stay.entry.timestamp,
          severity: 'info',
          metadata,
        });
      if (ended_at !== null)
        events.push({
          ...base,
          kind: 'port_departure',
          ended_at,
          hours,
          occurred_at: ended_at,
          severity: 'info',
          metadata,
        });
    }
  }
  for (const zone of options.zones ?? []) {
    for (const stay of staysInside(fixes, zone, zone.radiusKm)) {
      if (!stay.entryObserved) continue;
      events.push({
        kind: 'zone_entry',
        port_id: null,
        zone_id: zone.id,
        started_at: stay.entry.timestamp,
        ...span(stay),
        occurred_at: stay.entry.timestamp,
        severity: zone.kind === 'sanctions_area' ? 'critical' : 'info',
        metadata: { entry_observed: true },
      });
    }
  }
  return events.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
}
