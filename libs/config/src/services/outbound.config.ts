import { Expose } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig } from '../service.config';
import { ToBoolean, ToNumber, Trimmed } from '../transforms';

/** base64 of exactly 32 bytes (44 characters ending in one `=`). */
const KEY_32_BASE64 = /^[A-Za-z0-9+/]{43}=$/;
/** Comma-separated keys of the same form. */
const KEYS_32_BASE64 = /^[A-Za-z0-9+/]{43}=(,[A-Za-z0-9+/]{43}=)*$/;

/** Used only outside production so a fresh checkout starts; never in production. */
const DEVELOPMENT_SECRETS_KEY = 'ZGV2ZWxvcG1lbnQtb25seS1zZWNyZXRzLWtleSEhISE=';

/**
 * Settings of services that keep third-party secrets and call out to URLs their users give:
 * the key that encrypts secrets at rest (with previous keys still decrypting during a rotation),
 * the webhook retry schedule's scale and the SSRF guard's escape hatch for local development.
 */
export abstract class OutboundServiceConfig extends ServiceConfig {
  /** AES-256-GCM key for secrets at rest, base64 of 32 bytes; required in production. */
  @Expose()
  @ValidateIf(
    (c: OutboundServiceConfig) =>
      c.NODE_ENV === 'production' || c.SECRETS_ENCRYPTION_KEY !== undefined,
  )
  @Matches(KEY_32_BASE64, {
    message: 'must be base64 of exactly 32 bytes (it is required in production)',
  })
  SECRETS_ENCRYPTION_KEY?: string;

  /** Keys of earlier rotations, comma-separated: still decrypt, never encrypt. */
  @Expose()
  @IsOptional()
  @Trimmed()
  @Matches(KEYS_32_BASE64, { message: 'must be comma-separated base64 keys of 32 bytes each' })
  SECRETS_ENCRYPTION_PREVIOUS_KEYS?: string;

  /** Multiplies every delivery retry delay: 1 in production, tiny in tests. */
  @Expose()
  @ToNumber()
  @IsNumber({}, { message: 'must be a number' })
  @Min(0.00001)
  @Max(100)
  DELIVERY_SCHEDULE_FACTOR = 1;

  /** Lets outbound calls reach private and loopback addresses: local development and tests only. */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  ALLOW_PRIVATE_TARGETS = false;

  get secretsKey(): string {
    return this.SECRETS_ENCRYPTION_KEY ?? DEVELOPMENT_SECRETS_KEY;
  }

  get previousSecretsKeys(): string[] {
    return this.SECRETS_ENCRYPTION_PREVIOUS_KEYS?.split(',') ?? [];
  }
}
