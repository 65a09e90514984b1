// Great-circle distance on the mean Earth sphere (see docs/geo-scoring/README.md#conventions): the
// one formula every distance rule uses (nearest permit, nearby records), so the database-side copy
// must match it.

/** IUGG mean Earth radius in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Haversine distance in metres between two [lat, lng] points given in degrees. */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  // min(1, a) guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, a)));
}

/** SQL haversine in metres between (lat1, lng1) and (lat2, lng2) columns (the same sphere as haversineMeters). */
export function sqlHaversine(lat1: string, lng1: string, lat2: string, lng2: string): string {
  return `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;
}

/** Degrees of latitude and longitude that hold every point within some distance of a centre. */
export interface LatLngBounds {
  minLat: number;
  maxLat: number;
  /** -180 and 180 when the circle reaches a pole or crosses the antimeridian (no longitude test). */
  minLng: number;
  maxLng: number;
}

/**
 * A box around every point within `radiusM` (haversine) of (lat, lng), padded a little so rounding
 * never drops a point the exact test keeps: a cheap pre-filter of two range comparisons before
 * the trigonometry. From the haversine formula: the latitude difference is at most radius/R, and
 * sin(Δλ/2) ≤ sin(radius/2R) / √(cos φ1 · cos φ2) with φ2 the box's latitude farthest from the
 * equator.
 */
export function haversineBounds(lat: number, lng: number, radiusM: number): LatLngBounds {
  const angle = radiusM / EARTH_RADIUS_M;
  const pad = 1.000_001;
  const dLat = (angle / RAD) * pad;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  const wide = {
    minLat: Math.max(-90, minLat),
    maxLat: Math.min(90, maxLat),
    minLng: -180,
    maxLng: 180,
  };
  if (minLat <= -90 || maxLat >= 90) return wide;
  const farthest = Math.max(Math.abs(minLat), Math.abs(maxLat)) * RAD;
  const ratio = Math.sin(angle / 2) / Math.sqrt(Math.cos(lat * RAD) * Math.cos(farthest));
  if (!(ratio < 1)) return wide;
  const dLng = ((2 * Math.asin(ratio)) / RAD) * pad;
  if (lng - dLng <= -180 || lng + dLng >= 180) return wide;
  return { minLat, maxLat, minLng: lng - dLng, maxLng: lng + dLng };
}
