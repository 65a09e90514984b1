import { ApiPropertyOptional } from '@nestjs/swagger';
import { VESSEL_TYPES } from '@platform/maritime-domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsImo, IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const EMISSIONS_LIMIT_MAX = 200;
export const EMISSIONS_GROUPS = ['voyage', 'vessel', 'fleet'] as const;
export type EmissionsGroup = (typeof EMISSIONS_GROUPS)[number];

export class EmissionsQuery extends LimitQuery(EMISSIONS_LIMIT_MAX, 50) {
  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  imo?: string;

  @ApiPropertyOptional({ enum: VESSEL_TYPES })
  @IsOptional()
  @IsIn([...VESSEL_TYPES])
  vessel_type?: string;

  @ApiPropertyOptional({ description: 'Voyages arriving at or after this; default 90 days ago' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'Voyages arriving at or before this; default now' })
  @IsOptional()
  @IsInstant()
  to?: string;

  @ApiPropertyOptional({ enum: EMISSIONS_GROUPS, default: 'voyage' })
  @IsOptional()
  @IsIn([...EMISSIONS_GROUPS])
  group_by?: EmissionsGroup;
}

export class EmissionsReportQuery {
  @ApiPropertyOptional({ description: 'Calendar year of arrival; default the last full year' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'year must be a whole number' })
  @Min(1950)
  @Max(2100)
  year?: number;

  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  imo?: string;

  @ApiPropertyOptional({ enum: VESSEL_TYPES })
  @IsOptional()
  @IsIn([...VESSEL_TYPES])
  vessel_type?: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
