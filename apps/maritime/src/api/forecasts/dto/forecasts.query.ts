import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ClampLimit } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const FORECAST_METHODS = ['pipeline', 'statistical', 'ml'] as const;
export type ForecastMethodName = (typeof FORECAST_METHODS)[number];
export const FORECASTS_LIMIT_MAX = 200;
export const ACCURACY_WINDOW_MAX = 365;
export const ACCURACY_WINDOW_DEFAULT = 90;

const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

export class ForecastsQuery extends LimitQuery(FORECASTS_LIMIT_MAX, 50) {
  @ApiPropertyOptional({ description: 'Port slug', example: 'rotterdam' })
  @IsOptional()
  @Matches(SLUG, { message: 'port must be a port slug (lowercase letters, digits, hyphens)' })
  port?: string;

  @ApiPropertyOptional({ enum: FORECAST_METHODS })
  @IsOptional()
  @IsIn(FORECAST_METHODS)
  method?: ForecastMethodName;
}

export class ForecastAccuracyQuery {
  @ApiPropertyOptional({ description: 'Port slug', example: 'rotterdam' })
  @IsOptional()
  @Matches(SLUG, { message: 'port must be a port slug (lowercase letters, digits, hyphens)' })
  port?: string;

  @ApiPropertyOptional({ enum: FORECAST_METHODS })
  @IsOptional()
  @IsIn(FORECAST_METHODS)
  method?: ForecastMethodName;

  @ApiPropertyOptional({
    description: 'Target days scored: the last N full days (clamped to 365)',
    default: ACCURACY_WINDOW_DEFAULT,
    maximum: ACCURACY_WINDOW_MAX,
  })
  @IsOptional()
  @ClampLimit(ACCURACY_WINDOW_MAX)
  @Type(() => Number)
  @IsInt({ message: 'window_days must be a whole number' })
  @Min(1)
  window_days?: number;

  @ApiPropertyOptional({
    description: 'Only forecasts of this horizon (days ahead)',
    minimum: 1,
    maximum: 14,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'horizon must be a whole number' })
  @Min(1)
  @Max(14)
  horizon?: number;
}
