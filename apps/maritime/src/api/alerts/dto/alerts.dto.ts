import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { IsInstant } from '../../../platform/validation/maritime-validators';
import { PageQuery } from '../../../platform/validation/page-query';

export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export const PLATFORM_ALERT_TYPES = ['sanctions_match', 'river_level', 'dark_fleet'] as const;
export const PRODUCTS = ['all', 'maritime', 'supply_chain'] as const;
export const ALERT_STATES = ['open', 'read', 'resolved', 'snoozed'] as const;
export const STATE_ACTIONS = ['read', 'resolve', 'snooze', 'open'] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

/** The largest `/alerts` limit of any plan (admin); each plan's own cap applies after it. */
export const ALERTS_PAGE_MAX = 500;
export const UNIFIED_PAGE_MAX = 100;

/** `<source>:<id>`, the id of a unified alert (at most 18 digits: a bigint). */
export const ALERT_ID_PATTERN = /^(platform|dark_event|spoofing_alert|locus_alert):[0-9]{1,18}$/;

export class AlertsQuery extends PageQuery(ALERTS_PAGE_MAX, 20) {
  @ApiPropertyOptional({ enum: SEVERITIES })
  @IsOptional()
  @IsIn(SEVERITIES)
  severity?: string;

  @ApiPropertyOptional({ enum: PLATFORM_ALERT_TYPES })
  @IsOptional()
  @IsIn(PLATFORM_ALERT_TYPES)
  type?: string;

  @ApiPropertyOptional({ description: '`true`: only alerts whose state is open' })
  @IsOptional()
  @IsIn(['true', 'false'])
  unacknowledged?: string;
}

export class UnifiedAlertsQuery extends PageQuery(UNIFIED_PAGE_MAX, 25) {
  @ApiPropertyOptional({ enum: PRODUCTS, default: 'all' })
  @IsOptional()
  @IsIn(PRODUCTS)
  product?: string;

  @ApiPropertyOptional({ enum: SEVERITIES })
  @IsOptional()
  @IsIn(SEVERITIES)
  severity?: string;

  @ApiPropertyOptional({ description: '`true`: only alerts about watched vessels' })
  @IsOptional()
  @IsIn(['true', 'false'])
  watchlist?: string;

  @ApiPropertyOptional({
    description: 'A watchlist category id: alerts about its vessels and those of its subcategories',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'portfolio must be a whole number (a watchlist category id)' })
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  portfolio?: number;

  @ApiPropertyOptional({ enum: ['all', ...ALERT_STATES], default: 'all' })
  @IsOptional()
  @IsIn(['all', ...ALERT_STATES])
  state?: string;
}

export class AlertStateBody {
  @ApiProperty({ description: 'Unified alert id, `<source>:<id>`', example: 'dark_event:42' })
  @Matches(ALERT_ID_PATTERN, {
    message:
      'alert_id must be <source>:<id> with source platform, dark_event, spoofing_alert or locus_alert',
  })
  alert_id!: string;

  @ApiProperty({ enum: STATE_ACTIONS })
  @IsIn(STATE_ACTIONS)
  action!: StateAction;

  @ApiPropertyOptional({
    description:
      'For snooze: until when (ISO 8601), after now and at most 30 days ahead; default now + 24 h',
  })
  @IsOptional()
  @IsInstant()
  snooze_until?: string;
}
