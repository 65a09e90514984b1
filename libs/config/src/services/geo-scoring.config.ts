import { Expose } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MinLength } from 'class-validator';
import { ToBoolean } from '../transforms';
import { ServiceConfig } from '../service.config';
import { DEFAULT_DATABASE_URLS } from './migration.config';

export class GeoScoringConfig extends ServiceConfig {
  readonly serviceName = 'geo-scoring';

  override PORT = 3002;
  override DATABASE_URL = DEFAULT_DATABASE_URLS['geo-scoring'];
  override REDIS_PREFIX = 'geo:';

  /** HS256 key for dashboard session JWTs (claim `sub` is the user id). */
  @Expose()
  @IsOptional()
  @IsString()
  @MinLength(32)
  APP_SESSION_SECRET?: string;

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
}
