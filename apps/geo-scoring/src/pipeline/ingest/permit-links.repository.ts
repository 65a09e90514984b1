// Reads and writes behind the nearest-permit link of construction detections
// (see docs/geo-scoring/analytics.md#construction).
import { Injectable } from '@nestjs/common';
import { DetectionPoint, PermitPoint } from '@platform/geo-domain';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

export interface StoredDetection extends DetectionPoint {
  id: string;
  nearestPermitId: string | null;
  nearestPermitDistanceM: number | null;
}

@Injectable()
export class PermitLinksRepository extends TransactionalRepository {
  async permitsInCells(cells: readonly string[]): Promise<PermitPoint[]> {
    if (cells.length === 0) return [];
    const rows = await this.db.query<
      { id: string; h3_index: string; lat: number; lng: number; filed_date: string }[]
    >(
      `SELECT id, h3_index, lat, lng, to_char(filed_date, 'YYYY-MM-DD') AS filed_date
       FROM permits WHERE h3_index = ANY($1::text[])`,
      [cells],
    );
    return rows.map((r) => ({
      id: r.id,
      h3Index: r.h3_index,
      lat: r.lat,
      lng: r.lng,
      filedDate: r.filed_date,
    }));
  }

  /** Detections in the cells, or linked to one of the permits (locked until commit). */
  async detectionsNear(
    cells: readonly string[],
    permitIds: readonly string[],
  ): Promise<StoredDetection[]> {
    const rows = await this.db.query<
      {
        id: string;
        h3_index: string;
        lat: number;
        lng: number;
        first_detected: string;
        last_detected: string;
        nearest_permit_id: string | null;
        nearest_permit_distance_m: number | null;
      }[]
    >(
      `SELECT id, h3_index, lat, lng, to_char(first_detected, 'YYYY-MM-DD') AS first_detected,
         to_char(last_detected, 'YYYY-MM-DD') AS last_detected, nearest_permit_id,
         nearest_permit_distance_m
       FROM construction_detections
       WHERE h3_index = ANY($1::text[]) OR nearest_permit_id = ANY($2::text[])
       ORDER BY id
       FOR UPDATE`,
      [cells, permitIds],
    );
    return rows.map((r) => ({
      id: r.id,
      h3Index: r.h3_index,
      lat: r.lat,
      lng: r.lng,
      firstDetected: r.first_detected,
      lastDetected: r.last_detected,
      nearestPermitId: r.nearest_permit_id,
      nearestPermitDistanceM: r.nearest_permit_distance_m,
    }));
  }

  async setNearest(
    links: readonly { id: string; permitId: string | null; distanceM: number | null }[],
  ): Promise<void> {
    if (links.length === 0) return;
    await this.db.query(
      `UPDATE construction_detections d
       SET nearest_permit_id = u.permit_id, nearest_permit_distance_m = u.distance_m
       FROM unnest($1::text[], $2::text[], $3::float8[]) AS u (id, permit_id, distance_m)
       WHERE d.id = u.id`,
      [links.map((l) => l.id), links.map((l) => l.permitId), links.map((l) => l.distanceM)],
    );
  }
}
