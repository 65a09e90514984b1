import { ApiProperty } from '@nestjs/swagger';

export class ConstructionDetection {
  @ApiProperty({ example: 'cd_01JD0000000000000000000000' })
  id!: string;

  @ApiProperty({ description: 'Resolution-8 H3 cell of the site' })
  h3_index!: string;

  @ApiProperty({ description: 'Latitude of the detected site' })
  center_lat!: number;

  @ApiProperty({ description: 'Longitude of the detected site' })
  center_lng!: number;

  @ApiProperty({ type: 'integer' })
  estimated_area_sqft!: number;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence!: number;

  @ApiProperty({ example: '2025-05-01', description: 'YYYY-MM-DD' })
  first_detected!: string;

  @ApiProperty({ example: '2025-06-01', description: 'YYYY-MM-DD' })
  last_detected!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Closest permit (haversine) in the cell or its neighbours, filed within [first_detected − ' +
      '365 d, last_detected]',
  })
  nearest_permit_id!: string | null;
}

export class ConstructionResponse {
  @ApiProperty({ example: 'atx' })
  metro!: string;

  @ApiProperty({ description: 'The clamped window' })
  days!: number;

  @ApiProperty({ description: 'Every matching detection (detections holds at most `limit`)' })
  total_detections!: number;

  @ApiProperty({
    type: [ConstructionDetection],
    description: 'last_detected DESC, estimated_area_sqft DESC',
  })
  detections!: ConstructionDetection[];
}
