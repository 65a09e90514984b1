import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { CROPS } from '@platform/maritime-domain';
import { IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

const REGION_SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;
const REGION_MESSAGE = 'region must be a region slug: 2-63 lowercase letters, digits or hyphens';

export class RegionsQuery {
  @ApiPropertyOptional({ enum: CROPS })
  @IsOptional()
  @IsIn(CROPS)
  crop?: string;

  @ApiPropertyOptional({ description: 'Country name, any case', example: 'Brazil' })
  @IsOptional()
  @Matches(/^[\p{L} .'-]{2,60}$/u, { message: 'country must be a country name of 2-60 letters' })
  country?: string;
}

export const HEALTH_LIMIT_MAX = 500;
export const HEALTH_LIMIT_DEFAULT = 50;

export class HealthQuery extends LimitQuery(HEALTH_LIMIT_MAX, HEALTH_LIMIT_DEFAULT) {
  @ApiPropertyOptional({
    description: 'Region slug; all regions when absent',
    example: 'ar-pampas',
  })
  @IsOptional()
  @Matches(REGION_SLUG, { message: REGION_MESSAGE })
  region?: string;

  @ApiPropertyOptional({
    description: 'Earliest composite (ISO 8601 or YYYY-MM-DD); default a year before `to`',
  })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'Latest composite (inclusive); default today' })
  @IsOptional()
  @IsInstant()
  to?: string;
}

export class ProductionQuery {
  @ApiPropertyOptional({ description: 'Region slug; all regions when absent' })
  @IsOptional()
  @Matches(REGION_SLUG, { message: REGION_MESSAGE })
  region?: string;

  @ApiPropertyOptional({ enum: CROPS })
  @IsOptional()
  @IsIn(CROPS)
  crop?: string;

  @ApiPropertyOptional({
    description:
      'Harvest year (the year the season ends); default each region’s latest started season',
    example: 2026,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'season must be a year' })
  @Min(2000)
  @Max(2100)
  season?: number;
}
