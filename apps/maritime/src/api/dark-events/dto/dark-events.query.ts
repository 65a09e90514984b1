import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ClampLimit, IsImo, IsInstant } from '../../../platform/validation/maritime-validators';

export const DARK_EVENTS_PAGE_MAX = 200;

export class DarkEventsQuery {
  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  imo?: string;

  @ApiPropertyOptional({ enum: ['critical', 'warning', 'info'] })
  @IsOptional()
  @IsIn(['critical', 'warning', 'info'])
  severity?: string;

  @ApiPropertyOptional({ description: 'Only gaps detected at or after this instant' })
  @IsOptional()
  @IsInstant()
  since?: string;

  @ApiPropertyOptional({ description: '`true`: only gaps still open' })
  @IsOptional()
  @IsIn(['true', 'false'])
  ongoing?: string;

  @ApiPropertyOptional({ default: 50, maximum: DARK_EVENTS_PAGE_MAX })
  @IsOptional()
  @ClampLimit(DARK_EVENTS_PAGE_MAX)
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
