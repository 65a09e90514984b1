/**
 * Distances for the AIS detectors. The great-circle functions are the library's own (../geo);
 * this adds the inverse problem (where a course and distance lead), which hand-built tracks and
 * track generators need, and the "within a radius" test the geofences use.
 */
import { haversineKm, haversineNm, initialBearingDeg, type LatLon } from '../geo';

export { haversineKm, haversineNm, initialBearingDeg };
export type { LatLon };

/** The radius haversineKm works with, so destinationPoint inverts it exactly. */
const EARTH_RADIUS_KM = 6371.0088;

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** The point reached from `from` after `distanceKm` along the great circle with initial `bearingDeg`. */
export function destinationPoint(from: LatLon, bearingDeg: number, distanceKm: number): LatLon {
  const δ = distanceKm / EARTH_RADIUS_KM;
  const θ = toRad(bearingDeg);
  const φ1 = toRad(from.lat);
  const λ1 = toRad(from.lon);
  const sinφ2 = Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ);
  const φ2 = Math.asin(Math.max(-1, Math.min(1, sinφ2)));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * sinφ2);
  return { lat: toDeg(φ2), lon: ((toDeg(λ2) + 540) % 360) - 180 };
}

/** Degrees of latitude per kilometre, for a cheap rejection before the haversine. */
const DEG_LAT_PER_KM = 1 / 111.2;

/** True when `point` lies within `radiusKm` of `centre` (the boundary counts as inside). */
export function isWithinKm(point: LatLon, centre: LatLon, radiusKm: number): boolean {
  if (Math.abs(point.lat - centre.lat) > radiusKm * DEG_LAT_PER_KM * 1.01) return false;
  return haversineKm(point, centre) <= radiusKm;
}
