// nearest_permit_id of a construction detection (see docs/geo-scoring/analytics.md#construction):
// the closest permit (haversine) among permits in gridDisk(cell, 1) filed within
// [first_detected − 365 d, last_detected].
import { gridDisk } from 'h3-js';
import { addDays } from '../analytics/dates';
import { haversineMeters } from './haversine';

export interface PermitPoint {
  id: string;
  h3Index: string;
  lat: number;
  lng: number;
  filedDate: string;
}

export interface DetectionPoint {
  h3Index: string;
  lat: number;
  lng: number;
  firstDetected: string;
  lastDetected: string;
}

export interface NearestPermit {
  id: string;
  distanceM: number;
}

/** Days before first_detected a permit may have been filed and still explain the site. */
export const PERMIT_LOOKBACK_DAYS = 365;

export function permitsByCell(permits: readonly PermitPoint[]): Map<string, PermitPoint[]> {
  const byCell = new Map<string, PermitPoint[]>();
  for (const permit of permits) {
    const list = byCell.get(permit.h3Index) ?? [];
    list.push(permit);
    byCell.set(permit.h3Index, list);
  }
  return byCell;
}

/** The closest eligible permit; ties go to the smaller id. null when none is eligible. */
export function nearestPermit(
  detection: DetectionPoint,
  byCell: ReadonlyMap<string, readonly PermitPoint[]>,
): NearestPermit | null {
  const from = addDays(detection.firstDetected, -PERMIT_LOOKBACK_DAYS);
  let best: NearestPermit | null = null;
  for (const cell of gridDisk(detection.h3Index, 1)) {
    for (const permit of byCell.get(cell) ?? []) {
      if (permit.filedDate < from || permit.filedDate > detection.lastDetected) continue;
      const distanceM = haversineMeters(detection.lat, detection.lng, permit.lat, permit.lng);
      if (
        best === null ||
        distanceM < best.distanceM ||
        (distanceM === best.distanceM && permit.id < best.id)
      ) {
        best = { id: permit.id, distanceM };
      }
    }
  }
  return best;
}
