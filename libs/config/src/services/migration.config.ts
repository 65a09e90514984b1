import { Expose } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { loadConfig, Environment } from '../load-config';
import { Trimmed } from '../transforms';

export type ServiceName = 'proxy-admin' | 'geo-scoring' | 'maritime';

/**
 * Each service's own database on the local server
 * (see docs/decisions/0001-one-database-and-redis-prefix-per-service.md#decision).
 */
export const DEFAULT_DATABASE_URLS: Record<ServiceName, string> = {
  'proxy-admin': 'postgres://postgres@127.0.0.1:5432/proxy_admin',
  'geo-scoring': 'postgres://postgres@127.0.0.1:5432/geo_scoring',
  maritime: 'postgres://postgres@127.0.0.1:5432/maritime',
};

class MigrationEnvironment {
  @Expose()
  @IsOptional()
  @Trimmed()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL' })
  DATABASE_URL?: string;
}

/**
 * What a migration run needs: only the database. The migration Job should not need the
 * service's secrets.
 */
export function loadMigrationConfig(
  service: ServiceName,
  env: Environment,
): { databaseUrl: string } {
  const { DATABASE_URL } = loadConfig(MigrationEnvironment, env);
  return { databaseUrl: DATABASE_URL ?? DEFAULT_DATABASE_URLS[service] };
}
