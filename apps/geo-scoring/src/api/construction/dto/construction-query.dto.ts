import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ClampedInt,
  IsMetroSlug,
  OptionalIntInRange,
} from '../../../platform/api-policy/query-params';

export class ConstructionQueryDto {
  @ApiProperty({ description: 'Metro slug', example: 'atx' })
  @IsMetroSlug()
  metro_slug!: string;

  @ClampedInt({ min: 1, max: 365, default: 30 })
  days!: number;

  /** Validated, not clamped (see docs/geo-scoring/read-routes.md#parameter-policy). */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 2_000_000_000,
    default: 5000,
    description: 'Smallest estimated_area_sqft listed; out of range → 400',
  })
  @OptionalIntInRange(0, 2_000_000_000)
  min_area_sqft = 5000;

  @ClampedInt({ min: 1, max: 1000, default: 200 })
  limit!: number;
}
