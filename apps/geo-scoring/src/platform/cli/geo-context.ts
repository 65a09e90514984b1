import type { INestApplicationContext } from '@nestjs/common';
import { withToolDatabase } from '@platform/cli';
import { Environment } from '@platform/config';
import { ContextModule, createStandaloneContext } from '../database/standalone-context';

/**
 * Runs `work` in a Nest application context of `modules` over geo-scoring's database
 * (DATABASE_URL, or the local default) with the system clock, and always closes both; `work`
 * takes its services with `context.get(...)`. Commands need only the URL, like the migration
 * Job, so no app secret is required to run them.
 */
export function withGeoContext<T>(
  env: Environment,
  applicationName: string,
  modules: readonly ContextModule[],
  work: (context: INestApplicationContext) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  return withToolDatabase(
    'geo-scoring',
    env,
    applicationName,
    async (dataSource) => {
      const context = await createStandaloneContext(dataSource, modules);
      try {
        return await work(context);
      } finally {
        await context.close();
      }
    },
    options,
  );
}
