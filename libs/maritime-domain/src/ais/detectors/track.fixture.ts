/** Hand-built tracks for the detector specs: fixes placed by hours after T0 and by distance. */
import { destinationPoint, type LatLon } from '../geo';
import type { PortArea, RiskZoneArea, TrackFix } from './types';

export const T0 = new Date('2024-03-01T00:00:00.000Z');
export const KM_PER_NM = 1.852;

export const at = (hours: number): Date => new Date(T0.getTime() + hours * 3_600_000);

export function fix(hours: number, point: LatLon, extra: Partial<TrackFix> = {}): TrackFix {
  return { timestamp: at(hours), lat: point.lat, lon: point.lon, ...extra };
}

/** The point `km` east of `from` (or along `bearingDeg`). */
export const east = (from: LatLon, km: number, bearingDeg = 90): LatLon =>
  destinationPoint(from, bearingDeg, km);

export const ROTTERDAM: PortArea = {
  id: 'rotterdam',
  lat: 51.95,
  lon: 4.05,
  portRadiusKm: 8,
  anchorageRadiusKm: 25,
};

/** Open water in the Bay of Biscay, hundreds of kilometres from any port above. */
export const BISCAY: LatLon = { lat: 45.5, lon: -8 };

export const SANCTIONS_ZONE: RiskZoneArea = {
  id: 'zone-biscay',
  lat: 44,
  lon: -6,
  radiusKm: 50,
  kind: 'sanctions_area',
};

export const STS_ZONE: RiskZoneArea = {
  id: 'zone-sts',
  lat: 47,
  lon: -9,
  radiusKm: 40,
  kind: 'sts_hotspot',
};
