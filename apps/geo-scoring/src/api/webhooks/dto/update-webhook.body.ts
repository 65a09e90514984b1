import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
} from 'class-validator';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../pipeline/webhooks/webhook-event-types';

export class UpdateWebhookBody {
  @ApiPropertyOptional({
    description:
      'true re-enables a disabled webhook (and resets its count of dead deliveries); false ' +
      'disables it and cancels its queued deliveries',
  })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(32)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'A new HTTPS endpoint, checked like at creation' })
  @IsOptional()
  @IsString()
  url?: string;
}
