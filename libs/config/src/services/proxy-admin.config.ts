import { Expose } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsBoolean,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  Max,
  Min,
  IsString,
  IsUrl,
  Matches,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ToBoolean, ToInt, ToJsonArrayOf, ToNumber } from '../transforms';
import { IsPricingTable, KeepObject, PricingTable, UpstreamConfig } from './proxy-routing.config';
import { ServiceConfig } from '../service.config';
import { DEFAULT_DATABASE_URLS } from './migration.config';
import {
  DEVELOPMENT_SECRETS_KEY,
  PreviousSecretsKeysVariable,
  SecretsKeyVariable,
} from './outbound.config';

/**
 * One entry of SCOPED_ADMIN_TOKENS
 * (see docs/proxy-admin/keys-and-limits.md#operator-authentication).
 */
export class ScopedAdminTokenConfig {
  @IsString()
  @MinLength(1)
  name!: string;

  @Matches(/^[0-9a-f]{64}$/, { message: 'token_sha256 must be 64 lowercase hex characters' })
  token_sha256!: string;

  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  team_ids!: string[];
}

export class ProxyAdminConfig extends ServiceConfig {
  readonly serviceName = 'proxy-admin';

  override PORT = 3001;
  override DATABASE_URL = DEFAULT_DATABASE_URLS['proxy-admin'];
  override REDIS_PREFIX = 'pa:';

  /** The unrestricted operator credential. */
  @Expose()
  @IsString({ message: 'is required (the unrestricted operator bearer token)' })
  @MinLength(16)
  ADMIN_SECRET!: string;

  @Expose()
  @ToJsonArrayOf(ScopedAdminTokenConfig)
  @IsArray({ message: 'must be a JSON array of { name, token_sha256, team_ids }' })
  @ValidateNested({ each: true })
  SCOPED_ADMIN_TOKENS: ScopedAdminTokenConfig[] = [];

  /** HS256 key for dashboard session JWTs. */
  @Expose()
  @IsOptional()
  @IsString()
  @MinLength(32)
  DASHBOARD_SESSION_SECRET?: string;

  /** JWKS for RS256/ES256 dashboard session JWTs, instead of the shared secret. */
  @Expose()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  DASHBOARD_JWKS_URL?: string;

  /**
   * Providers the client API routes to, by model
   * (see docs/proxy-admin/routing-and-pricing.md#upstreams).
   */
  @Expose()
  @ToJsonArrayOf(UpstreamConfig)
  @IsArray({ message: 'must be a JSON array of { name, base_url, api_key, models }' })
  @ValidateNested({ each: true })
  UPSTREAMS: UpstreamConfig[] = [];

  /** USD per million tokens by canonical model; an unpriced model costs 0. */
  @Expose()
  @KeepObject()
  @IsPricingTable()
  PRICING: PricingTable = {};

  /** How long a replica trusts a cached key lookup (the bound when a revocation message is lost). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(300_000)
  KEY_CACHE_TTL_MS = 5_000;

  /**
   * With Redis unreachable, serve requests of keys without a monthly budget without counting
   * rpm/tpm (counted in proxy_limits_failopen_total) instead of answering 503. Budgets always
   * fail closed: spend that cannot be reserved is never served.
   */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  LIMITS_FAIL_OPEN = false;

  /** How long a replica trusts its model-alias table between invalidations. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  ALIAS_CACHE_TTL_MS = 60_000;

  /** Deadline for an upstream to start answering (and between streamed chunks). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(600_000)
  UPSTREAM_TIMEOUT_MS = 60_000;

  /** Completion tokens reserved against tpm and budget when a request names no max_tokens. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  DEFAULT_MAX_TOKENS = 4_096;

  /** How often buffered usage rows are written (write-behind, batched). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(10)
  @Max(60_000)
  USAGE_FLUSH_INTERVAL_MS = 500;

  /** The SearXNG instance the web-search plugin queries (JSON API); unset: the plugin fails. */
  @Expose()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  WEB_SEARCH_URL?: string;

  /** USD added to a request's cost for each web search, counted against the key's budget. */
  @Expose()
  @ToNumber()
  @IsNumber({}, { message: 'must be a number' })
  @Min(0)
  @Max(10)
  WEB_SEARCH_SURCHARGE_USD = 0.004;

  /** Seconds an exact-match non-streaming completion is served from the cache; 0 turns it off. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(86_400)
  RESPONSE_CACHE_TTL_SECONDS = 0;

  /** The demo workspace's team: its members read presets, and every write answers 403. */
  @Expose()
  @IsString()
  @MinLength(1)
  DEMO_TEAM_ID = 'demo';

  /**
   * Turns on identity-provider connections and key issuance through the device flow (see
   * docs/proxy-admin/sso-device-flow.md); off, the IdP create route and the device routes
   * answer 403 sso_device_flow_disabled.
   */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  SSO_DEVICE_FLOW_ENABLED = false;

  /**
   * The proxy's public origin as browsers reach it: the verify page lives under it, and
   * `<it>/oauth/device/callback` is the redirect URI registered at each identity provider.
   * Required when the device flow is enabled.
   */
  @Expose()
  @ValidateIf(
    (c: ProxyAdminConfig) => c.SSO_DEVICE_FLOW_ENABLED || c.SSO_CALLBACK_BASE_URL !== undefined,
  )
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    {
      message:
        'must be the public http(s) base URL of the proxy (required when SSO_DEVICE_FLOW_ENABLED=true)',
    },
  )
  @Matches(/^[^?#]*[^/?#]$/, {
    message: 'must be a base URL without a trailing slash, query or fragment',
  })
  SSO_CALLBACK_BASE_URL?: string;

  /** Lifetime of a device authorization (its `expires_in`). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(60)
  @Max(3_600)
  DEVICE_CODE_TTL_SECONDS = 600;

  /** Lifetime of a key issued through the device flow (30 days by default). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(300)
  @Max(31_536_000)
  DEVICE_KEY_TTL_SECONDS = 2_592_000;

  /**
   * AES-256-GCM key of IdP client secrets at rest, base64 of 32 bytes; required in production
   * once the device flow is on (a deployment without SSO keeps no such secret).
   */
  @SecretsKeyVariable({
    test: (c) => c['SSO_DEVICE_FLOW_ENABLED'] === true,
    description: 'when SSO_DEVICE_FLOW_ENABLED=true',
  })
  SECRETS_ENCRYPTION_KEY?: string;

  /** Keys of earlier rotations, comma-separated: still decrypt, never encrypt. */
  @PreviousSecretsKeysVariable()
  SECRETS_ENCRYPTION_PREVIOUS_KEYS?: string;

  /** Lets issuer URLs resolve to private and loopback addresses: local development and tests only. */
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
