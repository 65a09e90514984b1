import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { RISK_TIERS, VESSEL_TYPES } from '@platform/maritime-domain';
import { ClampLimit, IsImo, IsInstant } from '../../../platform/validation/maritime-validators';

export const VESSELS_PAGE_MAX = 200;

export class VesselsQuery {
  @ApiPropertyOptional({ enum: VESSEL_TYPES })
  @IsOptional()
  @IsIn(VESSEL_TYPES)
  type?: string;

  @ApiPropertyOptional({ description: 'Flag state, ISO 3166-1 alpha-2', example: 'PA' })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'flag must be two capital letters (ISO 3166-1 alpha-2)' })
  flag?: string;

  @ApiPropertyOptional({ enum: RISK_TIERS.map((t) => t.tier) })
  @IsOptional()
  @IsIn(RISK_TIERS.map((t) => t.tier))
  risk_tier?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive prefix of the vessel name' })
  @IsOptional()
  @IsString()
  @Matches(/^[\p{L}\p{N} .'&/-]{1,60}$/u, {
    message: 'name must be 1-60 letters, digits or spaces',
  })
  name?: string;

  @ApiPropertyOptional({ default: 50, maximum: VESSELS_PAGE_MAX })
  @IsOptional()
  @ClampLimit(VESSELS_PAGE_MAX)
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}

export class ImoParams {
  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo!: string;
}

export const POSITIONS_PAGE_MAX = 1000;

export class PositionsQuery {
  @ApiPropertyOptional({ description: 'Start (ISO 8601 or YYYY-MM-DD); default 24 h before `to`' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'End (exclusive); default now' })
  @IsOptional()
  @IsInstant()
  to?: string;

  @ApiPropertyOptional({ default: 500, maximum: POSITIONS_PAGE_MAX })
  @IsOptional()
  @ClampLimit(POSITIONS_PAGE_MAX)
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit?: number;
}

export const HISTORY_PAGE_MAX = 200;

export class HistoryQuery {
  @ApiPropertyOptional({ default: 50, maximum: HISTORY_PAGE_MAX })
  @IsOptional()
  @ClampLimit(HISTORY_PAGE_MAX)
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
