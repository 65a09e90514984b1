import { Expose } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { ToBoolean, ToInt } from '../transforms';
import { DEFAULT_DATABASE_URLS } from './migration.config';
import {
  DEVELOPMENT_SECRETS_KEY,
  OutboundServiceConfig,
  PreviousSecretsKeysVariable,
  SecretsKeyVariable,
} from './outbound.config';

export class MaritimeConfig extends OutboundServiceConfig {
  readonly serviceName = 'maritime';

  override PORT = 3003;
  override DATABASE_URL = DEFAULT_DATABASE_URLS.maritime;
  override REDIS_PREFIX = 'mar:';

  /** Run BullMQ workers in this replica (false: serve HTTP only). */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  QUEUE_WORKERS = true;

  /** Days of AIS positions kept; older daily partitions are dropped by partitions-maintain. */
  @Expose()
  @ToInt()
  @IsInt({ message: 'must be a whole number of days' })
  @Min(35, { message: 'must be at least 35 (ingest accepts positions up to 35 days old)' })
  @Max(3650)
  AIS_RETENTION_DAYS = 365;

  /** AES-256-GCM key of alert-channel configurations at rest, base64 of 32 bytes. */
  @SecretsKeyVariable()
  CHANNEL_ENCRYPTION_KEY?: string;

  /** Keys of earlier rotations, comma-separated: still decrypt, never encrypt. */
  @PreviousSecretsKeysVariable()
  CHANNEL_ENCRYPTION_PREVIOUS_KEYS?: string;

  get secretsKey(): string {
    return this.CHANNEL_ENCRYPTION_KEY ?? DEVELOPMENT_SECRETS_KEY;
  }

  get previousSecretsKeys(): string[] {
    return this.CHANNEL_ENCRYPTION_PREVIOUS_KEYS?.split(',') ?? [];
  }

  /**
   * Every Slack channel's webhook URL must start with this. Only tests point it elsewhere (at a
   * local receiver); production keeps Slack's own.
   */
  @Expose()
  @Matches(/^https:\/\/\S+\/$/, { message: 'must be an https URL ending in /' })
  SLACK_WEBHOOK_BASE = 'https://hooks.slack.com/services/';

  /** SMTP server of e-mail channels (`smtp://user:pass@host:587`, `smtps://…`); unset: e-mail is off. */
  @Expose()
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** Sender of alert e-mails. */
  @Expose()
  @IsString()
  @MinLength(3)
  SMTP_FROM = 'Maritime alerts <alerts@maritime.invalid>';
}
