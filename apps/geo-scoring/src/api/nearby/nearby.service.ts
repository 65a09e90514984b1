import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { gridDisk, latLngToCell } from 'h3-js';
import { addDays } from '@platform/geo-domain';
import { NearbyQueryDto } from './dto/nearby-query.dto';
import {
  NearbyBusinessLicense,
  NearbyConstructionDetection,
  NearbyCrimeIncident,
  NearbyPermit,
  NearbyResponse,
  NearbyZbaDecision,
} from './dto/nearby.response';
import { NearbyRepository, NearbyRow, NearbySearch } from './nearby.repository';

/**
 * The radius, the ring of candidate cells that covers it, the windows
 * (see docs/geo-scoring/analytics.md#nearby).
 */
export const NEARBY_RADIUS_M = 1000;
/** k = 2 covers ≥ 1,258 m from any point of the centre cell in every metro; k = 1 only ~480 m. */
export const NEARBY_DISK_K = 2;
export const NEARBY_WINDOW_DAYS = 365;
export const NEARBY_RECENT = 5;

const text = (value: unknown): string => String(value);
const nullableText = (value: unknown): string | null => (value === null ? null : String(value));
const nullableNumber = (value: unknown): number | null => (value === null ? null : Number(value));

function common(row: NearbyRow): { date: string; lat: number; lng: number; distance_m: number } {
  return { date: row.date, lat: row.lat, lng: row.lng, distance_m: row.distance_m };
}

// Rows → response items. Text ids (permits, detections) stay strings; bigint ids become numbers.
const toPermit = (r: NearbyRow): NearbyPermit => ({
  id: r.id,
  ...common(r),
  permit_number: text(r.permit_number),
  permit_type: text(r.permit_type),
  value: nullableNumber(r.value),
  address: text(r.address),
});

const toCrimeIncident = (r: NearbyRow): NearbyCrimeIncident => ({
  id: Number(r.id),
  ...common(r),
  category: text(r.category),
  offense: text(r.offense),
  magnitude: Number(r.magnitude),
});

const toBusinessLicense = (r: NearbyRow): NearbyBusinessLicense => ({
  id: Number(r.id),
  ...common(r),
  business_name: text(r.business_name),
  naics_code: nullableText(r.naics_code),
  pioneer_tier: text(r.pioneer_tier),
  address: text(r.address),
});

const toZbaDecision = (r: NearbyRow): NearbyZbaDecision => ({
  id: Number(r.id),
  ...common(r),
  case_number: text(r.case_number),
  variance_type: text(r.variance_type),
  outcome: text(r.outcome),
  address: text(r.address),
});

const toConstructionDetection = (r: NearbyRow): NearbyConstructionDetection => ({
  id: r.id,
  ...common(r),
  estimated_area_sqft: Number(r.estimated_area_sqft),
  confidence: Number(r.confidence),
  nearest_permit_id: nullableText(r.nearest_permit_id),
});

/** Every record in range, whatever the LIMIT left of the rows. */
const countOf = (rows: NearbyRow[]): number => (rows.length === 0 ? 0 : Number(rows[0].total));

/** GET /api/nearby (see docs/geo-scoring/analytics.md#nearby). */
@Injectable()
export class NearbyService {
  constructor(
    private readonly repository: NearbyRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async nearby(query: NearbyQueryDto): Promise<NearbyResponse> {
    const today = this.clock.today();
    const { lat, lng } = query;
    const h3Index = latLngToCell(lat, lng, 8);
    const search: NearbySearch = {
      cells: gridDisk(h3Index, NEARBY_DISK_K),
      lat,
      lng,
      radiusM: NEARBY_RADIUS_M,
      // The last 365 UTC calendar days including today.
      from: addDays(today, -(NEARBY_WINDOW_DAYS - 1)),
      to: today,
      limit: NEARBY_RECENT,
    };
    const [permits, crime, licences, decisions, detections] = await Promise.all([
      this.repository.records('permits', search),
      this.repository.records('crime_incidents', search),
      this.repository.records('business_licenses', search),
      this.repository.records('zba_decisions', search),
      this.repository.records('construction_detections', search),
    ]);
    return {
      lat,
      lng,
      h3_index: h3Index,
      radius_m: NEARBY_RADIUS_M,
      summary: {
        permits: countOf(permits),
        crime_incidents: countOf(crime),
        business_licenses: countOf(licences),
        zba_decisions: countOf(decisions),
        construction_detections: countOf(detections),
      },
      recent: {
        permits: permits.map(toPermit),
        crime_incidents: crime.map(toCrimeIncident),
        business_licenses: licences.map(toBusinessLicense),
        zba_decisions: decisions.map(toZbaDecision),
        construction_detections: detections.map(toConstructionDetection),
      },
    };
  }
}
