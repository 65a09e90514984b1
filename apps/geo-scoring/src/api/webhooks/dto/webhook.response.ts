import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES } from '../../../pipeline/webhooks/webhook-event-types';

export class WebhookResponse {
  @ApiProperty({ example: 'wh_01JD2Q7ZB4X8K3M9N5P6R7S8T9' })
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events!: string[];

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class WebhookListItem extends WebhookResponse {
  @ApiProperty({
    enum: ['gone', 'failing', 'manual'],
    nullable: true,
    type: String,
    description:
      'Why the webhook is inactive: `gone` (the endpoint answered 410), `failing` (10 dead ' +
      'deliveries in a row) or `manual`; null while active',
  })
  disabled_reason!: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'The latest delivery attempt',
  })
  last_delivery!: string | null;

  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'succeeded / (succeeded + retrying + dead) over deliveries created in the last 30 days, ' +
      '4 decimals; null when there are none',
  })
  delivery_success_rate!: number | null;
}

export class WebhookListResponse {
  @ApiProperty({ type: [WebhookListItem] })
  webhooks!: WebhookListItem[];
}

export class WebhookDeletedResponse {
  @ApiProperty({ example: true })
  success!: boolean;
}
