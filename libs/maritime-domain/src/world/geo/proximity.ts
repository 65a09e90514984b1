/**
 * Fast "how far is the nearest port" and "which zone is this in" for millions of fixes: ports are
 * bucketed on a 1-degree grid, so a fix only measures the few ports that could be within range.
 */
import { haversineKm, KM_PER_NM } from '../../geo';
import type { LatLon } from '../../geo';

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;
const EARTH_RADIUS_KM = 6371.0088;

/** The point reached from `from` after `distanceKm` on the initial bearing `bearingDeg`. */
export function destinationPoint(from: LatLon, bearingDeg: number, distanceKm: number): LatLon {
  const δ = distanceKm / EARTH_RADIUS_KM;
  const θ = toRad(bearingDeg);
  const φ1 = toRad(from.lat);
  const λ1 = toRad(from.lon);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 +
    Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: toDeg(φ2), lon: ((toDeg(λ2) + 540) % 360) - 180 };
}

/** Ports bucketed by whole degrees, each bucket listing the ports within `rangeKm` of it. */
export class NearPortIndex {
  private readonly buckets = new Map<number, number[]>();

  constructor(
    private readonly ports: readonly LatLon[],
    readonly rangeKm: number,
  ) {
    ports.forEach((port, index) => {
      const dLat = Math.ceil(rangeKm / 111) + 1;
      const dLon =
        Math.ceil(
          rangeKm /
            (111 * Math.max(0.05, Math.cos(toRad(Math.min(85, Math.abs(port.lat) + dLat))))),
        ) + 1;
      for (let la = Math.floor(port.lat) - dLat; la <= Math.floor(port.lat) + dLat; la += 1)
        for (let lo = Math.floor(port.lon) - dLon; lo <= Math.floor(port.lon) + dLon; lo += 1) {
          const key = NearPortIndex.key(la, ((lo + 540) % 360) - 180);
          const list = this.buckets.get(key);
          if (list === undefined) this.buckets.set(key, [index]);
          else list.push(index);
        }
    });
  }

  private static key(latFloor: number, lonFloor: number): number {
    return (latFloor + 90) * 360 + (lonFloor + 180);
  }

  /** The index of a port within range, or -1. */
  portWithin(point: LatLon): number {
    const list = this.buckets.get(NearPortIndex.key(Math.floor(point.lat), Math.floor(point.lon)));
    if (list === undefined) return -1;
    for (const index of list)
      if (haversineKm(point, this.ports[index] as LatLon) <= this.rangeKm) return index;
    return -1;
  }
}

/** 40 nm: the reach of coastal AIS receivers. */
export const TERRESTRIAL_RANGE_KM = 40 * KM_PER_NM;
/** Draft changes count as anomalies only more than 20 nm from any port. */
export const DRAFT_ANOMALY_PORT_DISTANCE_KM = 20 * KM_PER_NM;

export interface ZoneCircle extends LatLon {
  radiusKm: number;
}

/** The first zone (by index) containing the point, or -1. */
export function zoneContaining(point: LatLon, zones: readonly ZoneCircle[]): number {
  for (let i = 0; i < zones.length; i += 1) {
    const zone = zones[i] as ZoneCircle;
    if (Math.abs(point.lat - zone.lat) * 111 > zone.radiusKm) continue;
    if (haversineKm(point, zone) <= zone.radiusKm) return i;
  }
  return -1;
}
