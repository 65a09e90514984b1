import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../pipeline/webhooks/webhook-event-types';

export class CreateWebhookBody {
  @ApiProperty({
    description: 'HTTPS endpoint (at most 2,048 characters) that resolves to a public address',
    example: 'https://hooks.example.com/geo',
  })
  @IsString()
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: 'Duplicates are dropped' })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(32)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events!: WebhookEventType[];

  @ApiPropertyOptional({
    description:
      'Signing secret: `whsec_` + base64 of 24-64 bytes, or 16-256 printable ASCII characters ' +
      'used as the key bytes. Stored encrypted and never returned. Without it, deliveries are ' +
      'not signed.',
  })
  @IsOptional()
  @IsString()
  secret?: string;
}
