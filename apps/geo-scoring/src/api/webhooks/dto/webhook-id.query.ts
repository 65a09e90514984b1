import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class WebhookIdQuery {
  @ApiProperty({ description: 'Webhook id', example: 'wh_01JD2Q7ZB4X8K3M9N5P6R7S8T9' })
  @IsString({ message: 'id is required' })
  @Matches(/^wh_/, { message: 'id must start with wh_' })
  id!: string;
}
