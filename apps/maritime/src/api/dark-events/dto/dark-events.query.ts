import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsImo, IsInstant } from '../../../platform/validation/maritime-validators';
import { PageQuery } from '../../../platform/validation/page-query';

export const DARK_EVENTS_PAGE_MAX = 200;

export class DarkEventsQuery extends PageQuery(DARK_EVENTS_PAGE_MAX, 50) {
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
}
