import { ApiProperty } from '@nestjs/swagger';
import { DISTRIBUTION_SIGNALS } from './tier-distribution.query';

/**
 * Half-open tier buckets on the stored 2-decimal value
 * (see docs/geo-scoring/scoring-engine.md#tier-buckets).
 */
export class TierBuckets {
  @ApiProperty({ type: 'integer', description: 'value ≥ 80' })
  prime!: number;

  @ApiProperty({ type: 'integer', description: '60 ≤ value < 80' })
  strong!: number;

  @ApiProperty({ type: 'integer', description: '40 ≤ value < 60' })
  solid!: number;

  @ApiProperty({ type: 'integer', description: '20 ≤ value < 40' })
  watch!: number;

  @ApiProperty({ type: 'integer', description: 'value < 20' })
  elevated!: number;
}

export class TierDistributionResponse {
  @ApiProperty({ example: 'atx' })
  metro!: string;

  @ApiProperty({ enum: DISTRIBUTION_SIGNALS })
  signal!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Σ buckets: current scores of the metro whose signal is not null',
  })
  total!: number;

  @ApiProperty({ type: TierBuckets })
  buckets!: TierBuckets;
}
