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
