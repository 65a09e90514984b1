import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LockedResult, withAdvisoryLock } from './advisory-lock';

/**
 * Runs a maintenance task under its advisory lock, logging what it did or that another replica
 * was already at it (then this run does nothing: the other one covers it).
 */
export async function runLockedTask<T>(
  logger: Logger,
  dataSource: DataSource,
  task: string,
  work: () => Promise<T>,
): Promise<LockedResult<T>> {
  const started = Date.now();
  const outcome = await withAdvisoryLock(dataSource, `geo:job:${task}`, work);
  if (outcome.acquired) {
    logger.log({ task, duration_ms: Date.now() - started, result: outcome.result }, 'task done');
  } else {
    logger.log({ task }, 'task skipped: another replica holds its lock');
  }
  return outcome;
}
