import { Expose } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ToJsonArrayOf } from '../transforms';
import { ServiceConfig } from '../service.config';
import { DEFAULT_DATABASE_URLS } from './migration.config';

/** One entry of SCOPED_ADMIN_TOKENS (DESIGN section 4). */
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
}
