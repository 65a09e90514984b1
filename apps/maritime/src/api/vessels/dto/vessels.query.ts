import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { RISK_TIERS, VESSEL_TYPES } from '@platform/maritime-domain';
import { IsImo, IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery, PageQuery } from '../../../platform/validation/page-query';

export const VESSELS_PAGE_MAX = 200;

export class VesselsQuery extends PageQuery(VESSELS_PAGE_MAX, 50) {
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
}

export class ImoParams {
  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo!: string;
}

export const POSITIONS_PAGE_MAX = 1000;

export class PositionsQuery extends LimitQuery(POSITIONS_PAGE_MAX, 500) {
  @ApiPropertyOptional({ description: 'Start (ISO 8601 or YYYY-MM-DD); default 24 h before `to`' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'End (exclusive); default now' })
  @IsOptional()
  @IsInstant()
  to?: string;
}

export const HISTORY_PAGE_MAX = 200;

/** Voyages and port calls: newest first, 50 a page by default. */
export class HistoryQuery extends PageQuery(HISTORY_PAGE_MAX, 50) {}
