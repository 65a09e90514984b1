import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, Matches } from 'class-validator';
import { IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

const PORT_SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;
const PORT_SLUG_MESSAGE = 'port must be a port slug: 2-63 lowercase letters, digits or hyphens';

export class CongestionQuery {
  @ApiPropertyOptional({ description: 'Port slug; all ports when absent', example: 'rotterdam' })
  @IsOptional()
  @Matches(PORT_SLUG, { message: PORT_SLUG_MESSAGE })
  port?: string;
}

export const CONGESTION_HISTORY_MAX = 1000;
export const CONGESTION_HISTORY_DEFAULT = 90;
export const CONGESTION_INTERVALS = ['hour', 'day'] as const;

export class CongestionHistoryQuery extends LimitQuery(
  CONGESTION_HISTORY_MAX,
  CONGESTION_HISTORY_DEFAULT,
) {
  @ApiProperty({ description: 'Port slug', example: 'rotterdam' })
  @IsDefined({ message: 'port is required' })
  @Matches(PORT_SLUG, { message: PORT_SLUG_MESSAGE })
  port!: string;

  @ApiPropertyOptional({
    description: 'Start (ISO 8601 or YYYY-MM-DD); default 30 days before `to`',
  })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'End (exclusive); default now' })
  @IsOptional()
  @IsInstant()
  to?: string;

  @ApiPropertyOptional({ enum: CONGESTION_INTERVALS, default: 'hour' })
  @IsOptional()
  @IsIn(CONGESTION_INTERVALS)
  interval?: (typeof CONGESTION_INTERVALS)[number];
}

export class CongestionRefreshBody {
  @ApiPropertyOptional({ description: 'Port slug; all ports when absent', example: 'rotterdam' })
  @IsOptional()
  @Matches(PORT_SLUG, { message: PORT_SLUG_MESSAGE })
  port?: string;
}
