import type { INestApplicationContext } from '@nestjs/common';
import { Environment, loadMigrationConfig } from '@platform/config';
import { ContextModule, withStandaloneContext } from '../database/standalone-context';

/** Where a `tools geo` command writes; tests pass their own to read what it printed. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs `work` in a Nest application context of `modules` over geo-scoring's database
 * (DATABASE_URL, or the local default) and always closes it; `work` takes its services with
 * `context.get(...)`. Commands need only the URL, like the migration Job, so no app secret is
 * required to run them.
 */
export function withGeoContext<T>(
  env: Environment,
  applicationName: string,
  modules: readonly ContextModule[],
  work: (context: INestApplicationContext) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  return withStandaloneContext(
    {
      url: loadMigrationConfig('geo-scoring', env).databaseUrl,
      applicationName,
      statementTimeoutMs: options.statementTimeoutMs,
    },
    modules,
    work,
  );
}
