import { Expose } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { loadConfig, Environment } from '../load-config';
import { Trimmed } from '../transforms';
import type { ServiceName } from './migration.config';

/** The prefix each service's own config defaults to. */
const DEFAULT_REDIS_PREFIXES: Record<ServiceName, string> = {
  'proxy-admin': 'pa:',
  'geo-scoring': 'geo:',
  maritime: 'mar:',
};

class ToolRedisEnvironment {
  @Expose()
  @IsOptional()
  @Trimmed()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @Expose()
  @IsOptional()
  @Matches(/^[a-z0-9:_-]{1,64}$/, { message: 'must be 1-64 characters of a-z 0-9 : _ -' })
  REDIS_PREFIX?: string;
}

/** REDIS_URL and REDIS_PREFIX as given (checked, not defaulted), for commands with own rules. */
export function loadRedisEnvironment(env: Environment): { url?: string; prefix?: string } {
  const { REDIS_URL, REDIS_PREFIX } = loadConfig(ToolRedisEnvironment, env);
  return { url: REDIS_URL, prefix: REDIS_PREFIX };
}

/** Where an operator command finds the service's Redis. */
export interface ToolRedisConfig {
  url: string;
  prefix: string;
}

/**
 * The service's Redis as an operator command sees it: the same URL and key prefix the service
 * runs with, so what the command writes (a key's version, a queued job) lands where the
 * replicas read. Only these two variables; no service secret is needed.
 */
export function loadToolRedisConfig(service: ServiceName, env: Environment): ToolRedisConfig {
  const { url, prefix } = loadRedisEnvironment(env);
  return {
    url: url ?? 'redis://127.0.0.1:6379',
    prefix: prefix ?? DEFAULT_REDIS_PREFIXES[service],
  };
}
