/**
 * Port calls from one vessel's track.
 *
 * Each fix belongs to the nearest port whose anchorage radius holds it (anchorages of
 * neighbouring ports can overlap, and a ship calls at one port at a time). A visit is a run of
 * fixes belonging to the same port: arrived_at is its first fix, departed_at the first fix after
 * it (outside the anchorage, or already another port's), null while the track ends inside.
 * berthed_at is the visit's first fix within the port radius at under `berthSpeedKn` (1 kn).
 *
 * A visit is a call only if the vessel stopped: some fix of the visit, anywhere in the
 * anchorage, is under `berthSpeedKn`. Ships passing a port on their way through a strait cross
 * its anchorage circle at speed and make no call. A track that starts inside an anchorage
 * reports that visit with arrival_observed false and its first fix as arrived_at.
 */
import { isWithinKm } from '../geo';
import { anchoragePortOf, chronological } from './track';
import type { AreaId, PortArea, TrackFix } from './types';

export interface PortCallOptions {
  ports: readonly PortArea[];
  /** Speed under which a fix counts as stopped, knots (default 1). */
  berthSpeedKn?: number;
}

/** A port call, with the columns of a port_calls row that positions alone can give. */
export interface PortCall {
  port_id: AreaId;
  arrived_at: Date;
  berthed_at: Date | null;
  departed_at: Date | null;
  arrival_observed: boolean;
}

interface Visit {
  port: PortArea;
  arrivedAt: Date;
  arrivalObserved: boolean;
  berthedAt: Date | null;
  stopped: boolean;
  departedAt: Date | null;
}

/** Port calls in time order. */
export function portCallsFromPositions(
  positions: readonly TrackFix[],
  options: PortCallOptions,
): PortCall[] {
  const fixes = chronological(positions);
  const berthSpeedKn = options.berthSpeedKn ?? 1;
  const visits: Visit[] = [];
  let current: Visit | null = null;
  for (let index = 0; index < fixes.length; index += 1) {
    const fix = fixes[index];
    const port = anchoragePortOf(fix, options.ports);
    if (current !== null && current.port !== port) {
      current.departedAt = fix.timestamp;
      current = null;
    }
    if (port === null) continue;
    if (current === null) {
      current = {
        port,
        arrivedAt: fix.timestamp,
        arrivalObserved: index > 0,
        berthedAt: null,
        stopped: false,
        departedAt: null,
      };
      visits.push(current);
    }
    const slow = fix.sogKn !== null && fix.sogKn !== undefined && fix.sogKn < berthSpeedKn;
    if (!slow) continue;
    current.stopped = true;
    if (current.berthedAt === null && isWithinKm(fix, port, port.portRadiusKm))
      current.berthedAt = fix.timestamp;
  }
  return visits
    .filter((visit) => visit.stopped)
    .map((visit) => ({
      port_id: visit.port.id,
      arrived_at: visit.arrivedAt,
      berthed_at: visit.berthedAt,
      departed_at: visit.departedAt,
      arrival_observed: visit.arrivalObserved,
    }));
}
