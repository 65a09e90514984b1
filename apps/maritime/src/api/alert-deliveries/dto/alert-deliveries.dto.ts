import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { CHANNEL_TYPES } from '../../../pipeline/alert-delivery/channel-config';
import { IsInstant } from '../../../platform/validation/maritime-validators';
import { PageQuery } from '../../../platform/validation/page-query';

export const DELIVERY_STATUSES = [
  'pending',
  'delivering',
  'retrying',
  'delivered',
  'dead_lettered',
  'cancelled',
] as const;
export const DELIVERY_KINDS = ['alert', 'watchlist', 'test', 'replay'] as const;
export const DELIVERIES_PAGE_MAX = 200;
export const REPLAY_MAX_IDS = 100;

export class DeliveriesQuery extends PageQuery(DELIVERIES_PAGE_MAX, 50) {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: CHANNEL_TYPES })
  @IsOptional()
  @IsIn(CHANNEL_TYPES)
  channel?: string;

  @ApiPropertyOptional({ enum: DELIVERY_KINDS })
  @IsOptional()
  @IsIn(DELIVERY_KINDS)
  kind?: string;

  @ApiPropertyOptional({ description: 'Deliveries of one rule' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'rule_id must be a whole number' })
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  rule_id?: number;

  @ApiPropertyOptional({ description: 'Deliveries of one unified alert, `<source>:<id>`' })
  @IsOptional()
  @Matches(/^[a-z_]{1,40}:[A-Za-z0-9_:-]{1,80}$/, { message: 'alert_id must be <source>:<id>' })
  alert_id?: string;

  @ApiPropertyOptional({ description: 'Created at or after (ISO 8601 or YYYY-MM-DD)' })
  @IsOptional()
  @IsInstant()
  since?: string;

  @ApiPropertyOptional({ description: 'Created before (ISO 8601 or YYYY-MM-DD)' })
  @IsOptional()
  @IsInstant()
  until?: string;

  @ApiPropertyOptional({ description: '`true`: only dead-lettered deliveries' })
  @IsOptional()
  @IsIn(['true', 'false'])
  dead_lettered?: string;
}

export class ReplayBody {
  @ApiPropertyOptional({
    description: `Dead-lettered deliveries to replay, 1 to ${REPLAY_MAX_IDS}; or give from and to`,
    type: [String],
  })
  @IsOptional()
  @IsArray({ message: 'delivery_ids must be a list of delivery ids' })
  @ArrayMinSize(1, { message: 'delivery_ids needs at least one id' })
  @ArrayMaxSize(REPLAY_MAX_IDS, { message: `delivery_ids holds at most ${REPLAY_MAX_IDS} ids` })
  @IsUUID('all', { each: true, message: 'each of delivery_ids must be a delivery id (a UUID)' })
  delivery_ids?: string[];

  @ApiPropertyOptional({ description: 'Dead letters from this instant (dead-letter time)' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'Dead letters before this instant' })
  @IsOptional()
  @IsInstant()
  to?: string;
}

export interface DeliveryView {
  id: string;
  alert_id: string | null;
  rule_id: number | null;
  rule_version: number | null;
  channel: string;
  kind: string;
  status: string;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  reason_code: string | null;
  created_at: string;
  delivered_at: string | null;
  dead_lettered_at: string | null;
  replay_of: string | null;
}

export interface AttemptView {
  attempt: number;
  started_at: string;
  latency_ms: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
}

export interface DeadLetterView {
  reason_code: string;
  last_error: string | null;
  dead_lettered_at: string;
  replayed_at: string | null;
  replay_delivery_id: string | null;
}
