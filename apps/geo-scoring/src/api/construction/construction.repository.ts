import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConstructionDetection } from './dto/construction.response';

export interface DetectionSearch {
  metro: string;
  /** First and last day (YYYY-MM-DD) of the last_detected window. */
  from: string;
  to: string;
  minAreaSqft: number;
  limit: number;
}

@Injectable()
export class ConstructionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Matching detections, newest first, and how many match in all. */
  async detections(
    search: DetectionSearch,
  ): Promise<{ total: number; detections: ConstructionDetection[] }> {
    // Served by (metro_slug, last_detected DESC); count(*) OVER () is taken before LIMIT.
    const rows: (ConstructionDetection & { total: string })[] = await this.dataSource.query(
      `SELECT id, h3_index, lat AS center_lat, lng AS center_lng, estimated_area_sqft,
         confidence, to_char(first_detected, 'YYYY-MM-DD') AS first_detected,
         to_char(last_detected, 'YYYY-MM-DD') AS last_detected, nearest_permit_id,
         count(*) OVER () AS total
       FROM construction_detections
       WHERE metro_slug = $1 AND last_detected BETWEEN $2::date AND $3::date
         AND estimated_area_sqft >= $4
       ORDER BY last_detected DESC, estimated_area_sqft DESC, id
       LIMIT $5`,
      [search.metro, search.from, search.to, search.minAreaSqft, search.limit],
    );
    // With LIMIT ≥ 1, an empty page means no match at all.
    const total = rows.length === 0 ? 0 : Number(rows[0].total);
    return { total, detections: rows.map(({ total: _total, ...detection }) => detection) };
  }
}
