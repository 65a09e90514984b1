import type { Type } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  ContextModule,
  createStandaloneContext,
} from '../../src/platform/database/standalone-context';

/**
 * The provider `token` of `module` built over the test file's own DataSource, the way the CLI
 * and the seed build it. Nothing to close: the harness owns the DataSource, and the providers
 * hold no other resource.
 */
export async function pipelineProvider<T>(
  db: DataSource,
  module: ContextModule,
  token: Type<T>,
): Promise<T> {
  const context = await createStandaloneContext(db, [module]);
  return context.get(token);
}
