import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IsImo } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const TRADE_FLOW_VIEWS = ['flows', 'mirror', 'sanctions', 'entity'] as const;
export type TradeFlowView = (typeof TRADE_FLOW_VIEWS)[number];

export const TRADE_FLOWS_LIMIT_MAX = 200;
export const TRADE_FLOWS_LIMIT_DEFAULT = 50;

export class TradeFlowsQuery extends LimitQuery(TRADE_FLOWS_LIMIT_MAX, TRADE_FLOWS_LIMIT_DEFAULT) {
  @ApiPropertyOptional({
    enum: TRADE_FLOW_VIEWS,
    default: 'flows',
    description:
      'flows: bilateral trade; mirror: exporter against importer declarations; sanctions: ' +
      'sanctions matches of the vessels that carried the trade; entity: those vessels with their exposure',
  })
  @IsOptional()
  @IsIn(TRADE_FLOW_VIEWS)
  view?: TradeFlowView;

  @ApiPropertyOptional({
    description: 'Exporting country name (case-insensitive)',
    example: 'Australia',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  exporter?: string;

  @ApiPropertyOptional({
    description: 'Importing country name (case-insensitive)',
    example: 'China',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  importer?: string;

  @ApiPropertyOptional({ description: 'Commodity slug or name', example: 'iron_ore' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  commodity?: string;

  @ApiPropertyOptional({ description: 'Year', example: 2025 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'period must be a year' })
  @Min(1950)
  @Max(2100)
  period?: number;

  @ApiPropertyOptional({ description: 'IMO number of one vessel (views entity and sanctions)' })
  @IsOptional()
  @IsImo()
  imo?: string;
}
