import { ApiProperty } from '@nestjs/swagger';

export class NearbySummary {
  @ApiProperty({ description: 'Permits filed in the last 365 days within radius_m' })
  permits!: number;

  @ApiProperty({ description: 'Crime incidents of the last 365 days within radius_m' })
  crime_incidents!: number;

  @ApiProperty({ description: 'Business licences active today within radius_m' })
  business_licenses!: number;

  @ApiProperty({ description: 'Zoning-board decisions of the last 365 days within radius_m' })
  zba_decisions!: number;

  @ApiProperty({ description: 'Construction sites last detected in the last 365 days' })
  construction_detections!: number;
}

class NearbyRecord {
  @ApiProperty({
    description:
      'YYYY-MM-DD (UTC): permit filed_date, crime occurred_at, licence issue date (occurred_at), ' +
      'zba decision_date, construction last_detected',
  })
  date!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty({ description: 'Haversine distance from the query point, metres (1 decimal)' })
  distance_m!: number;
}

export class NearbyPermit extends NearbyRecord {
  @ApiProperty({ example: 'atx-BP-2025-000123' })
  id!: string;

  @ApiProperty()
  permit_number!: string;

  @ApiProperty()
  permit_type!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Declared value, 2 decimals' })
  value!: number | null;

  @ApiProperty()
  address!: string;
}

export class NearbyCrimeIncident extends NearbyRecord {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['property', 'violent', 'other'] })
  category!: string;

  @ApiProperty()
  offense!: string;

  @ApiProperty({ description: 'Severity weight' })
  magnitude!: number;
}

export class NearbyBusinessLicense extends NearbyRecord {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  business_name!: string;

  @ApiProperty({ type: String, nullable: true })
  naics_code!: string | null;

  @ApiProperty({ enum: ['Pioneer', 'Advanced', 'Mature', 'Dormant', 'None'] })
  pioneer_tier!: string;

  @ApiProperty()
  address!: string;
}

export class NearbyZbaDecision extends NearbyRecord {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  case_number!: string;

  @ApiProperty()
  variance_type!: string;

  @ApiProperty({
    enum: ['Approved', 'Denied', 'Granted', 'Granted with Conditions', 'Pending', 'Withdrawn'],
  })
  outcome!: string;

  @ApiProperty()
  address!: string;
}

export class NearbyConstructionDetection extends NearbyRecord {
  @ApiProperty({ example: 'cd_01JD0000000000000000000000' })
  id!: string;

  @ApiProperty()
  estimated_area_sqft!: number;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence!: number;

  @ApiProperty({ type: String, nullable: true })
  nearest_permit_id!: string | null;
}

export class NearbyRecent {
  @ApiProperty({ type: [NearbyPermit] })
  permits!: NearbyPermit[];

  @ApiProperty({ type: [NearbyCrimeIncident] })
  crime_incidents!: NearbyCrimeIncident[];

  @ApiProperty({ type: [NearbyBusinessLicense] })
  business_licenses!: NearbyBusinessLicense[];

  @ApiProperty({ type: [NearbyZbaDecision] })
  zba_decisions!: NearbyZbaDecision[];

  @ApiProperty({ type: [NearbyConstructionDetection] })
  construction_detections!: NearbyConstructionDetection[];
}

export class NearbyResponse {
  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty({ description: 'The resolution-8 H3 cell containing the point' })
  h3_index!: string;

  @ApiProperty({ example: 1000 })
  radius_m!: number;

  @ApiProperty({ type: NearbySummary, description: 'Record counts per data type within radius_m' })
  summary!: NearbySummary;

  @ApiProperty({
    type: NearbyRecent,
    description: 'At most 5 records per data type, newest first (by the date of each record)',
  })
  recent!: NearbyRecent;
}
