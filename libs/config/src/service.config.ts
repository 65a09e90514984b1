import { Expose } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { ToBoolean, ToInt, Trimmed } from './transforms';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = 'development' | 'test' | 'production';

/** Used only outside production so a fresh checkout starts without setup; never in production. */
const DEVELOPMENT_CURSOR_SECRET = 'development-only-cursor-secret-change-me!';

/**
 * Settings every service shares (see docs/runtime.md#shared-settings); each app's config extends it
 * with defaults.
 */
export abstract class ServiceConfig {
  abstract readonly serviceName: string;

  @Expose()
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: NodeEnv = 'development';

  @Expose()
  @ToInt()
  @IsInt({ message: 'must be an integer port number' })
  @Min(0)
  @Max(65535)
  PORT!: number;

  @Expose()
  @Trimmed()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL' })
  DATABASE_URL!: string;

  @Expose()
  @Trimmed()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key, pub/sub channel and BullMQ queue of this service. */
  @Expose()
  @Matches(/^[a-z0-9:_-]{1,64}$/, { message: 'must be 1-64 characters of a-z 0-9 : _ -' })
  REDIS_PREFIX!: string;

  @Expose()
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** Key of the HMAC that authenticates pagination cursors; required in production. */
  @Expose()
  @ValidateIf((c: ServiceConfig) => c.NODE_ENV === 'production' || c.CURSOR_SECRET !== undefined)
  @IsString({ message: 'is required in production' })
  @MinLength(32)
  CURSOR_SECRET?: string;

  /** How long in-flight requests may take to finish after SIGTERM before we give up. */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /**
   * How long a replica keeps listening after SIGTERM while `/readyz` answers 503, so the load
   * balancer takes it out before connections are refused. Counts towards SHUTDOWN_TIMEOUT_MS.
   */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_DRAIN_DELAY_MS = 5_000;

  /**
   * Proxies in front of the service whose X-Forwarded-For entries are trusted (0 locally, 1
   * behind the ingress). A count, never "trust everything": the client writes the leftmost
   * entries itself, so only the ones our own proxies appended may name the client IP that rate
   * limits and logs use.
   */
  @Expose()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS = 0;

  /**
   * Token of the on-call queue board (bull-board at `/admin/queues`) of a service with queues,
   * accepted as `Authorization: Bearer <token>` or as the password of HTTP Basic auth. Unset:
   * the board is not mounted at all. Visible ASCII without spaces, so it fits both schemes.
   */
  @Expose()
  @IsOptional()
  @Trimmed()
  @Matches(/^[\x21-\x7e]{16,512}$/, {
    message: 'must be 16-512 visible ASCII characters without spaces',
  })
  QUEUE_BOARD_TOKEN?: string;

  /** The queue board only shows (true); false also allows retry, clean, promote and remove. */
  @Expose()
  @ToBoolean()
  @IsBoolean({ message: 'must be true or false' })
  QUEUE_BOARD_READ_ONLY = true;

  /** Build version reported in logs and docs. */
  @Expose()
  @IsOptional()
  @IsString()
  APP_VERSION?: string;

  get cursorSecret(): string {
    return this.CURSOR_SECRET ?? DEVELOPMENT_CURSOR_SECRET;
  }
}
