import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional } from 'class-validator';
import { CHANNEL_TYPES, type ChannelType } from '../../../pipeline/alert-delivery/channel-config';
import { IsImo } from '../../../platform/validation/maritime-validators';

const CONFIG_DESCRIPTION = [
  'slack: { webhook_url } under the Slack incoming-webhook base;',
  'teams: { webhook_url } any https URL;',
  'email: { to } 1 to 10 addresses, comma-separated or a list;',
  'webhook: { url, secret? } an https URL and an optional signing secret of 16 to 256 characters',
  '(a `whsec_` secret is base64 after the prefix). webhook needs the pro plan or above.',
].join(' ');

export class PutChannelBody {
  @ApiProperty({ enum: CHANNEL_TYPES })
  @IsDefined({ message: 'channel is required' })
  @IsIn(CHANNEL_TYPES)
  channel!: ChannelType;

  @ApiProperty()
  @IsDefined({ message: 'enabled is required' })
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;

  @ApiProperty({ type: 'object', additionalProperties: true, description: CONFIG_DESCRIPTION })
  @IsDefined({ message: 'config is required' })
  @IsObject({ message: 'config must be an object' })
  config!: Record<string, unknown>;
}

export class ChannelQuery {
  @ApiProperty({ enum: CHANNEL_TYPES })
  @IsDefined({ message: 'channel is required' })
  @IsIn(CHANNEL_TYPES)
  channel!: ChannelType;
}

export class TestChannelBody {
  @ApiProperty({ enum: CHANNEL_TYPES })
  @IsDefined({ message: 'channel is required' })
  @IsIn(CHANNEL_TYPES)
  channel!: ChannelType;

  @ApiPropertyOptional({
    description:
      'Vessel of the sample alert; default: the lowest-IMO vessel of critical risk, else the lowest IMO',
    example: '9074729',
  })
  @IsOptional()
  @IsImo()
  imo?: string;
}

export interface ChannelView {
  channel: ChannelType;
  enabled: boolean;
  /** Masked; null when the stored configuration no longer decrypts. */
  config: Record<string, unknown> | null;
  disabled_reason: string | null;
  updated_at: string;
}

export interface ChannelTestResponse {
  ok: boolean;
  channel: ChannelType;
  delivery_id: string;
  status: 'delivered' | 'dead_lettered';
  outcome: string | null;
  reason_code: string | null;
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  response_excerpt: string | null;
}
