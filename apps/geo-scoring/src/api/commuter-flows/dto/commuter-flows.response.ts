import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const PCT = '100 × workers / the side total (the full total, not the page), 2 decimals';
const NAME =
  '"Census Tract 12.03, Travis County, TX"; null when the tract is not in the tracts table';

export class InboundFlow {
  @ApiProperty({ description: 'Home tract GEOID', example: '48453001200' })
  origin_tract!: string;

  @ApiProperty({ type: 'integer' })
  workers!: number;

  @ApiProperty({ description: PCT })
  pct!: number;

  @ApiProperty({ type: 'string', nullable: true, description: NAME })
  origin_name!: string | null;
}

export class OutboundFlow {
  @ApiProperty({ description: 'Work tract GEOID', example: '48453001100' })
  dest_tract!: string;

  @ApiProperty({ type: 'integer' })
  workers!: number;

  @ApiProperty({ description: PCT })
  pct!: number;

  @ApiProperty({ type: 'string', nullable: true, description: NAME })
  dest_name!: string | null;
}

export class InboundFlows {
  @ApiProperty({
    type: 'integer',
    description: 'Σ workers of every flow into the tract (the intra-tract flow included)',
  })
  total_workers!: number;

  @ApiProperty({ type: [InboundFlow], description: 'Top `limit`, workers DESC, origin_tract ASC' })
  flows!: InboundFlow[];
}

export class OutboundFlows {
  @ApiProperty({
    type: 'integer',
    description: 'Σ workers of every flow out of the tract (the intra-tract flow included)',
  })
  total_residents_working!: number;

  @ApiProperty({ type: [OutboundFlow], description: 'Top `limit`, workers DESC, dest_tract ASC' })
  flows!: OutboundFlow[];
}

export class CommuterFlowsResponse {
  @ApiProperty({ example: '48453001100' })
  tract!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'LODES year served (the latest loaded); null when no flows are loaded',
  })
  year!: number | null;

  @ApiPropertyOptional({ type: InboundFlows, description: 'direction inbound or both' })
  inbound?: InboundFlows;

  @ApiPropertyOptional({ type: OutboundFlows, description: 'direction outbound or both' })
  outbound?: OutboundFlows;
}
