import { ApiPropertyOptional } from '@nestjs/swagger';
import { SHIFT_KINDS, VESSEL_TYPES } from '@platform/maritime-domain';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsImo, IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const TRADE_ROUTES_LIMIT_MAX = 200;
export const TRADE_ROUTES_LIMIT_DEFAULT = 50;

const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const PERIOD_DOC = 'Calendar month YYYY-MM (UTC); default the last complete month';

class PeriodLimit extends LimitQuery(TRADE_ROUTES_LIMIT_MAX, TRADE_ROUTES_LIMIT_DEFAULT) {
  @ApiPropertyOptional({ description: PERIOD_DOC, example: '2026-02' })
  @IsOptional()
  @Matches(PERIOD_PATTERN, { message: 'period must be a month YYYY-MM' })
  period?: string;
}

export class FlowsQuery extends PeriodLimit {
  @ApiPropertyOptional({ description: 'Origin port slug' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  origin?: string;

  @ApiPropertyOptional({ description: 'Destination port slug' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  destination?: string;

  @ApiPropertyOptional({ enum: VESSEL_TYPES })
  @IsOptional()
  @IsIn(VESSEL_TYPES)
  vessel_type?: string;
}

export class ShiftsQuery extends PeriodLimit {
  @ApiPropertyOptional({ enum: SHIFT_KINDS, description: 'Default both kinds' })
  @IsOptional()
  @IsIn(SHIFT_KINDS)
  kind?: string;
}

export class DeceptionsQuery extends LimitQuery(
  TRADE_ROUTES_LIMIT_MAX,
  TRADE_ROUTES_LIMIT_DEFAULT,
) {
  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  imo?: string;

  @ApiPropertyOptional({ description: 'Port slug, declared or actual' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  port?: string;

  @ApiPropertyOptional({
    description: 'Only deceptions detected at or after this instant; default the plan history',
  })
  @IsOptional()
  @IsInstant()
  since?: string;
}
