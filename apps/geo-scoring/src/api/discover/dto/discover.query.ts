import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import {
  ClampedInt,
  IsMetroSlug,
  OptionalIntInRange,
} from '../../../platform/api-policy/query-params';

/**
 * GET /api/discover (see docs/geo-scoring/analytics.md#discover and
 * docs/geo-scoring/read-routes.md#parameter-policy).
 */
export class DiscoverQuery {
  @ApiPropertyOptional({
    example: 'atx',
    description: 'Metro slug; all metros when absent; unknown → 404 metro_not_found',
  })
  @IsOptional()
  @IsMetroSlug()
  metro?: string;

  /** Minimum composite, inclusive. */
  @OptionalIntInRange(0, 100)
  compositeMin?: number;

  /** Minimum business_vitality, inclusive (cells without the signal are excluded). */
  @OptionalIntInRange(0, 100)
  businessMin?: number;

  /** Minimum safety_environment, inclusive (cells without the signal are excluded). */
  @OptionalIntInRange(0, 100)
  safetyMin?: number;

  @ClampedInt({ min: 1, max: 200, default: 50 })
  limit!: number;
}
