import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { ReliabilityTier } from '@platform/maritime-domain';
import { IsImo } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const RELIABILITY_LIMIT_MAX = 500;
export const RELIABILITY_LIMIT_DEFAULT = 100;
export const RELIABILITY_TIERS: readonly ReliabilityTier[] = ['reliable', 'moderate', 'unreliable'];

export class DestinationReliabilityQuery extends LimitQuery(
  RELIABILITY_LIMIT_MAX,
  RELIABILITY_LIMIT_DEFAULT,
) {
  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  vessel?: string;

  @ApiPropertyOptional({ enum: RELIABILITY_TIERS })
  @IsOptional()
  @IsIn(RELIABILITY_TIERS)
  tier?: ReliabilityTier;
}
