import { ApiProperty } from '@nestjs/swagger';
import { METRO_SLUG_PATTERN } from '@platform/geo-domain';

export class MetroSummary {
  @ApiProperty({ example: 'atx', pattern: METRO_SLUG_PATTERN.source })
  slug!: string;

  @ApiProperty({ example: 'Austin' })
  name!: string;

  @ApiProperty({ example: 'TX' })
  state!: string;

  @ApiProperty({ description: 'Latitude of the metro centre' })
  center_lat!: number;

  @ApiProperty({ description: 'Longitude of the metro centre' })
  center_lng!: number;

  @ApiProperty({ type: 'integer', description: 'Resolution-8 cells of the metro' })
  cell_count!: number;

  @ApiProperty({ type: 'integer', description: 'Cells with a current composite score' })
  scored_count!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Latest scored_at among the metro cells; null before the first scoring',
  })
  last_scored_at!: string | null;
}

/** GET /api/metros (see docs/geo-scoring/analytics.md#metros-and-cells). */
export class MetrosResponse {
  @ApiProperty({ type: [MetroSummary], description: 'Every metro, by slug' })
  metros!: MetroSummary[];
}
