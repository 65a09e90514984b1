import { ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { ClampedInt, IsMetroSlug, IsRes8Cell } from '../../../platform/api-policy/query-params';
import { SCORE_PROFILE } from '../../../pipeline/score-refresh/score-refresh.repository';

/** Scoring profiles with snapshots; engine-v1 writes only `default`. */
export const SCORE_PROFILES = [SCORE_PROFILE] as const;

/**
 * GET /api/score-trends (see docs/geo-scoring/analytics.md#score-trends): exactly one of metro /
 * h3_index.
 */
export class ScoreTrendsQuery {
  @ApiPropertyOptional({
    example: 'atx',
    description: 'Metro mode (exclusive with h3_index); unknown → 404 metro_not_found',
  })
  @IsOptional()
  @IsMetroSlug()
  metro?: string;

  @ApiPropertyOptional({
    example: '882a100d2dfffff',
    description: 'Per-cell mode: a resolution-8 cell (exclusive with metro)',
  })
  @IsOptional()
  @IsRes8Cell()
  h3_index?: string;

  /** The last `days` UTC calendar days, today included. */
  @ClampedInt({ min: 1, max: 365, default: 90 })
  days!: number;

  @ApiPropertyOptional({ enum: SCORE_PROFILES, default: SCORE_PROFILE })
  @Expose()
  @Transform(({ value }: { value: unknown }) => value ?? SCORE_PROFILE)
  @IsIn(SCORE_PROFILES, { message: `profile must be one of ${SCORE_PROFILES.join(', ')}` })
  profile!: string;
}
