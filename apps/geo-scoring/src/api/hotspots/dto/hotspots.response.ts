import { ApiProperty } from '@nestjs/swagger';
import { HOTSPOT_TRENDS, HotspotTrend } from '@platform/geo-domain';
import { CRIME_CATEGORIES, CrimeCategory } from '../hotspots.repository';

export class PermitHotspot {
  @ApiProperty({ description: 'H3 index, resolution 8', example: '8848996bb5fffff' })
  h3_index!: string;

  @ApiProperty({ description: 'Latitude of the cell centre, 6 decimals' })
  center_lat!: number;

  @ApiProperty({ description: 'Longitude of the cell centre, 6 decimals' })
  center_lng!: number;

  @ApiProperty({ type: 'integer', description: 'Permits filed in the window' })
  permit_count!: number;

  @ApiProperty({ description: 'Σ value in dollars (permits without a value skipped), 2 decimals' })
  total_value!: number;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'total_value / permits with a value, 2 decimals; null when none has a value',
  })
  avg_value!: number | null;

  @ApiProperty({ description: 'Most frequent permit_type (ties: alphabetical)' })
  top_type!: string;
}

export class PermitHotspotsResponse {
  @ApiProperty({ description: 'Metro slug', example: 'atx' })
  metro!: string;

  @ApiProperty({ type: 'integer', description: 'Window: the last `days` UTC days including today' })
  days!: number;

  @ApiProperty({
    type: [PermitHotspot],
    description: 'Ordered permit_count DESC, total_value DESC, h3_index',
  })
  hotspots!: PermitHotspot[];
}

export class CrimeHotspot {
  @ApiProperty({ description: 'H3 index, resolution 8', example: '8848996bb5fffff' })
  h3_index!: string;

  @ApiProperty({ type: 'integer', description: 'Incidents in the window' })
  incident_count!: number;

  @ApiProperty({
    enum: CRIME_CATEGORIES,
    description: 'Most frequent (ties property > violent > other)',
  })
  top_category!: CrimeCategory;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description:
      'incident_count per 1,000 residents of the cell (not annualised), 2 decimals; null when ' +
      'the cell has fewer than 100 residents',
  })
  per_capita_rate!: number | null;

  @ApiProperty({
    enum: HOTSPOT_TRENDS,
    description:
      'Newest ⌊days/2⌋ days vs oldest ⌊days/2⌋ days: increasing / declining when the change is ' +
      '≥ 25% of max(older, 1) and ≥ 3 incidents',
  })
  trend!: HotspotTrend;
}

export class CrimeHotspotsResponse {
  @ApiProperty({ description: 'Metro slug', example: 'atx' })
  metro!: string;

  @ApiProperty({ type: 'integer' })
  days!: number;

  @ApiProperty({ type: 'integer', description: 'All incidents of the metro in the window' })
  total_incidents!: number;

  @ApiProperty({ type: [CrimeHotspot], description: 'Ordered incident_count DESC, h3_index' })
  hotspots!: CrimeHotspot[];
}
