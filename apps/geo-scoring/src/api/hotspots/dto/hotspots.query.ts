import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ClampedInt, IsMetroSlug } from '../../../platform/api-policy/query-params';
import { CRIME_CATEGORIES, CrimeCategory } from '../hotspots.repository';

export class PermitHotspotsQuery {
  @ApiProperty({ description: 'Metro slug (GET /api/metros)', example: 'atx' })
  @IsMetroSlug()
  metro_slug!: string;

  @ClampedInt({ min: 1, max: 365, default: 90 })
  days!: number;

  @ClampedInt({ min: 1, max: 100, default: 25 })
  limit!: number;
}

export class CrimeHotspotsQuery extends PermitHotspotsQuery {
  @ApiPropertyOptional({ enum: CRIME_CATEGORIES, description: 'Only incidents of this category' })
  @IsOptional()
  @IsIn(CRIME_CATEGORIES)
  category?: CrimeCategory;
}
