import { ApiProperty } from '@nestjs/swagger';
import { ROBUSTNESS_CLASSES, TIERS } from '@platform/geo-domain';

export class DiscoverResult {
  @ApiProperty({ example: '882a100d2dfffff' })
  h3_index!: string;

  @ApiProperty({ example: 'atx' })
  metro_slug!: string;

  @ApiProperty({ type: String, nullable: true })
  location_name!: string | null;

  @ApiProperty({ minimum: 0, maximum: 100, description: '2 decimals' })
  composite!: number;

  @ApiProperty({ enum: TIERS, description: 'Tier of the composite' })
  tier!: string;

  @ApiProperty({ enum: ROBUSTNESS_CLASSES, nullable: true })
  robustness_class!: string | null;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 1 })
  support_stability!: number | null;
}

export class DiscoverResponse {
  @ApiProperty({ type: 'integer', description: 'Every matching cell, not only this page' })
  total!: number;

  @ApiProperty({
    type: [DiscoverResult],
    description: 'At most `limit` matches, by composite descending then h3_index',
  })
  results!: DiscoverResult[];
}
