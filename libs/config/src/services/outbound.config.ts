import { Expose } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig } from '../service.config';
import { ToBoolean, ToNumber, Trimmed } from '../transforms';

/** base64 of exactly 32 bytes (44 characters ending in one `=`). */
const KEY_32_BASE64 = /^[A-Za-z0-9+/]{43}=$/;
/** Comma-separated keys of the same form. */
const KEYS_32_BASE64 = /^[A-Za-z0-9+/]{43}=(,[A-Za-z0-9+/]{43}=)*$/;

/** Used only outside production so a fresh checkout starts; never in production. */
export const DEVELOPMENT_SECRETS_KEY = 'ZGV2ZWxvcG1lbnQtb25seS1zZWNyZXRzLWtleSEhISE=';

/**
 * The variable holding a service's AES-256-GCM key for secrets at rest: base64 of 32 bytes,
 * required in production (outside it a development key stands in). `neededWhen` narrows that to
 * deployments that use the feature keeping secrets.
 */
export function SecretsKeyVariable(neededWhen?: {
  test: (config: Record<string, unknown>) => boolean;
  description: string;
}): PropertyDecorator {
  return (target, property) => {
    Expose()(target, property);
    ValidateIf(
      (c: Record<string | symbol, unknown>) =>
        (c['NODE_ENV'] === 'production' &&
          (neededWhen?.test(c as Record<string, unknown>) ?? true)) ||
        c[property] !== undefined,
    )(target, property);
    Matches(KEY_32_BASE64, {
      message: `must be base64 of exactly 32 bytes (it is required in production${
        neededWhen ? ` ${neededWhen.description}` : ''
      })`,
    })(target, property);
  };
}

/** The variable holding keys of earlier rotations, comma-separated: still decrypt, never encrypt. */
export function PreviousSecretsKeysVariable(): PropertyDecorator {
  return (target, property) => {
    Expose()(target, property);
    IsOptional()(target, property);
    Trimmed()(target, property);
    Matches(KEYS_32_BASE64, { message: 'must be comma-separated base64 keys of 32 bytes each' })(
      target,
      property,
    );
  };
}

/**
 * Settings of services that keep third-party secrets and call out to URLs their users give: the
 * delivery retry schedule's scale and the SSRF guard's escape hatch for local development. Each
 * service names its own encryption-key variables (geo-scoring `SECRETS_ENCRYPTION_KEY`, maritime
 * `CHANNEL_ENCRYPTION_KEY`) and exposes them through `secretsKey` and `previousSecretsKeys`.
 */
export abstract class OutboundServiceConfig extends ServiceConfig {
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

  /** The key that seals new secrets (base64 of 32 bytes). */
  abstract get secretsKey(): string;

  /** Keys that still open what they sealed during a rotation. */
  abstract get previousSecretsKeys(): string[];
}
