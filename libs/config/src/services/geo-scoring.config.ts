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
import {
  DEVELOPMENT_SECRETS_KEY,
  OutboundServiceConfig,
  PreviousSecretsKeysVariable,
  SecretsKeyVariable,
} from './outbound.config';
import { DEFAULT_DATABASE_URLS } from './migration.config';

export class GeoScoringConfig extends OutboundServiceConfig {
  readonly serviceName = 'geo-scoring';

  override PORT = 3002;
  override DATABASE_URL = DEFAULT_DATABASE_URLS['geo-scoring'];
  override REDIS_PREFIX = 'geo:';

  /** AES-256-GCM key of webhook secrets at rest, base64 of 32 bytes; required in production. */
  @SecretsKeyVariable()
  SECRETS_ENCRYPTION_KEY?: string;

  /** Keys of earlier rotations, comma-separated: still decrypt, never encrypt. */
  @PreviousSecretsKeysVariable()
  SECRETS_ENCRYPTION_PREVIOUS_KEYS?: string;

  get secretsKey(): string {
    return this.SECRETS_ENCRYPTION_KEY ?? DEVELOPMENT_SECRETS_KEY;
  }

  get previousSecretsKeys(): string[] {
    return this.SECRETS_ENCRYPTION_PREVIOUS_KEYS?.split(',') ?? [];
  }

  /** HS256 key for dashboard session JWTs (claim `sub` is the user id). */
  @Expose()
  @IsOptional()
  @IsString()
  @MinLength(32)
  APP_SESSION_SECRET?: string;

  /**
   * Origin of the dashboard web app (`https://app.example.com`): CORS lets it call with
   * credentials, and a cookie-authenticated write from any other origin is 403 `origin_mismatch`.
   */
  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s?#]+$/, {
    message: 'must be an origin: http(s)://host[:port], without a path',
  })
  APP_ORIGIN?: string;

  /** Bearer token of /internal/ingest; ingestion answers 503 when unset. */
  @Expose()
  @IsOptional()
  @IsString()
  @MinLength(16)
  INGEST_TOKEN?: string;

  /** Run BullMQ workers in this replica (false: serve HTTP only). */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  QUEUE_WORKERS = true;

  /**
   * R, the conditional permutations per cell of Local Moran's I
   * (see docs/geo-scoring/spatial-diagnostics.md#conditional-permutation-test).
   */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(99)
  @Max(9999)
  MORAN_PERMUTATIONS = 999;

  /** Seed of the permutation PRNG, so diagnostics are reproducible. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(4_294_967_295)
  MORAN_SEED = 20_240_601;

  /** Delay of the per-metro score refresh an ingest schedules (repeats collapse into one). */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  SCORE_REFRESH_DELAY_MS = 600_000;

  /**
   * Per-client rate limits of the public API (see docs/geo-scoring/read-routes.md#rate-limits).
   * Only benchmarks turn them off; a replica behind the ingress never should.
   */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  RATE_LIMITS_ENABLED = true;

  /**
   * Answer the cacheable read routes from the replica's coherent read cache
   * (see docs/geo-scoring/read-cache.md); false computes every answer from PostgreSQL.
   */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  READ_CACHE_ENABLED = true;

  /** Entries the read cache keeps per replica; the least recently used one goes first. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  READ_CACHE_MAX_ENTRIES = 10_000;

  /**
   * Base URL of a Nominatim-compatible geocoder (`/search?format=json`) for address rows of
   * portfolio CSV uploads; without it such rows answer `geocoder_unavailable`.
   */
  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  GEOCODER_URL?: string;
}
