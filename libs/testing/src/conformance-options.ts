import type { INestApplication } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';
import type { ErrorShape } from './error-shape';

/** What the conformance suites need to start one service. */
export interface ConformanceOptions<C> {
  service: string;
  /** Database-name-safe service name, e.g. `proxy_admin`. */
  databaseService: string;
  redisPrefixBase: string;
  migrations: (new () => MigrationInterface)[];
  errorShape: ErrorShape;
  /** Variables the service needs besides database and Redis (secrets...). */
  env: Record<string, string>;
  loadConfig: (env: Record<string, string>) => C;
  createApp: (
    config: C,
    options: { logDestination?: NodeJS.WritableStream },
  ) => Promise<INestApplication>;
  /** Workspace-relative path of the service's main.ts, for the SIGTERM test. */
  mainFile: string;
}
