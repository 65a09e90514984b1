import type { Type } from '@nestjs/common';
import { Clock, FixedClock } from '@platform/clock';
import { TEST_NOW } from '@platform/testing';
import type { DataSource } from 'typeorm';
import {
  ContextModule,
  createStandaloneContext,
} from '../../src/platform/database/standalone-context';

/**
 * The provider `token` of `module` built over the test file's own DataSource, the way the CLI
 * and the seed build it, with `clock` (TEST_NOW unless given) as its "now". Nothing to close:
 * the harness owns the DataSource, and the providers hold no other resource.
 */
export async function pipelineProvider<T>(
  db: DataSource,
  module: ContextModule,
  token: Type<T>,
  clock: Clock = new FixedClock(TEST_NOW),
): Promise<T> {
  const context = await createStandaloneContext(db, [module], clock);
  return context.get(token);
}
