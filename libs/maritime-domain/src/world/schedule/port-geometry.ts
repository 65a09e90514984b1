/**
 * Where a ship waits and where it berths: the berth is the port's position; the anchorage lies
 * 14 km out towards the port's sea approach, inside the 25 km anchorage radius and outside the
 * 8 km port radius, so geofences see "arrived at anchorage" before "berthed".
 */
import { initialBearingDeg } from '../../geo';
import type { LatLon } from '../../geo';
import { destinationPoint } from '../geo/proximity';
import { WAYPOINTS } from '../geo/sea-graph-data';
import { PORTS } from '../reference/ports';

export interface PortGeometry {
  berth: LatLon;
  anchorage: LatLon;
  /** Bearing from the berth towards the sea. */
  seaward: number;
}

export const ANCHORAGE_DISTANCE_KM = 14;

export const PORT_GEOMETRY: readonly PortGeometry[] = PORTS.map((port) => {
  const approach = WAYPOINTS.find((w) => w.slug === port.attach[0]);
  if (approach === undefined) throw new RangeError(`port ${port.slug} has no approach`);
  const berth = { lat: port.lat, lon: port.lon };
  const seaward = initialBearingDeg(berth, approach);
  return { berth, anchorage: destinationPoint(berth, seaward, ANCHORAGE_DISTANCE_KM), seaward };
});

export const PORT_INDEX_BY_SLUG: ReadonlyMap<string, number> = new Map(
  PORTS.map((p, i) => [p.slug, i]),
);

export function portIndex(slug: string): number {
  const index = PORT_INDEX_BY_SLUG.get(slug);
  if (index === undefined) throw new RangeError(`unknown port ${slug}`);
  return index;
}
