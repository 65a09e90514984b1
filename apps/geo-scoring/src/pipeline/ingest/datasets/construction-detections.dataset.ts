// Construction detections, keyed by (source, source_detection_id); a new one gets id `cd_`+ULID and
// every upsert stores its nearest permit (see docs/geo-scoring/analytics.md#construction).
import { ulid } from 'ulid';
import { diskUnion, nearestPermit, permitsByCell } from '@platform/geo-domain';
import { PermitLinksRepository } from '../permit-links.repository';
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { date, Fields, latLng, LineError, num, str } from './fields';

interface Detection {
  source: string;
  sourceDetectionId: string;
  lat: number;
  lng: number;
  estimatedAreaSqft: number;
  confidence: number;
  firstDetected: string;
  lastDetected: string;
}

export function constructionDetectionsDataset(
  permitLinks: PermitLinksRepository,
): DatasetHandler<Detection> {
  return {
    name: 'construction-detections',
    followUp: 'scores',
    parse: (f: Fields) => {
      const record = {
        source: str(f, 'source', 100),
        sourceDetectionId: str(f, 'source_detection_id', 200),
        ...latLng(f),
        estimatedAreaSqft: num(f, 'estimated_area_sqft', {
          integer: true,
          min: 0,
          max: 2_000_000_000,
        }),
        confidence: num(f, 'confidence', { min: 0, max: 1 }),
        firstDetected: date(f, 'first_detected'),
        lastDetected: date(f, 'last_detected'),
      };
      if (record.lastDetected < record.firstDetected) {
        throw new LineError('last_detected must not be before first_detected');
      }
      return record;
    },
    point: (r) => r,
    key: (r) => `${r.source}|${r.sourceDetectionId}`,
    async write(tx, rows) {
      const candidates = permitsByCell(
        await permitLinks
          .withTransaction(tx)
          .permitsInCells(diskUnion(rows.map((r) => cellOf(r).h3Index))),
      );
      const nearest = rows.map((r) =>
        nearestPermit({ ...r.record, h3Index: cellOf(r).h3Index }, candidates),
      );
      const result = await tx.query<{ inserted: boolean }[]>(
        `INSERT INTO construction_detections (id, source, source_detection_id, metro_slug, lat, lng,
         h3_index, estimated_area_sqft, confidence, first_detected, last_detected,
         nearest_permit_id, nearest_permit_distance_m)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[],
         $6::float8[], $7::text[], $8::int[], $9::float8[], $10::date[], $11::date[],
         $12::text[], $13::float8[])
       ON CONFLICT (source, source_detection_id) DO UPDATE SET
         metro_slug = EXCLUDED.metro_slug, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
         h3_index = EXCLUDED.h3_index, estimated_area_sqft = EXCLUDED.estimated_area_sqft,
         confidence = EXCLUDED.confidence, first_detected = EXCLUDED.first_detected,
         last_detected = EXCLUDED.last_detected, nearest_permit_id = EXCLUDED.nearest_permit_id,
         nearest_permit_distance_m = EXCLUDED.nearest_permit_distance_m
       RETURNING (xmax = 0) AS inserted`,
        [
          rows.map(() => `cd_${ulid()}`),
          rows.map((r) => r.record.source),
          rows.map((r) => r.record.sourceDetectionId),
          rows.map((r) => cellOf(r).metroSlug),
          rows.map((r) => r.record.lat),
          rows.map((r) => r.record.lng),
          rows.map((r) => cellOf(r).h3Index),
          rows.map((r) => r.record.estimatedAreaSqft),
          rows.map((r) => r.record.confidence),
          rows.map((r) => r.record.firstDetected),
          rows.map((r) => r.record.lastDetected),
          nearest.map((n) => n?.id ?? null),
          nearest.map((n) => n?.distanceM ?? null),
        ],
      );
      return { ...countUpserts(result), metros: distinct(rows.map((r) => cellOf(r).metroSlug)) };
    },
  };
}
