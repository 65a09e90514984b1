import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsIn } from 'class-validator';
import { IsMetroSlug } from '../../../platform/api-policy/query-params';
import { SIGNAL_GROUPS } from '@platform/geo-domain';

export const DISTRIBUTION_SIGNALS = ['composite', ...SIGNAL_GROUPS] as const;

export type DistributionSignal = (typeof DISTRIBUTION_SIGNALS)[number];

/** GET /api/metro-tier-distribution (see docs/geo-scoring/analytics.md#metro-tier-distribution). */
export class TierDistributionQuery {
  @ApiProperty({ example: 'atx', description: 'Metro slug; unknown → 404 metro_not_found' })
  @IsMetroSlug()
  metro!: string;

  @ApiPropertyOptional({ enum: DISTRIBUTION_SIGNALS, default: 'safety_environment' })
  @Expose()
  @Transform(({ value }: { value: unknown }) => value ?? 'safety_environment')
  @IsIn(DISTRIBUTION_SIGNALS, {
    message: `signal must be one of ${DISTRIBUTION_SIGNALS.join(', ')}`,
  })
  signal!: DistributionSignal;
}
