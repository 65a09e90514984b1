import { SetMetadata } from '@nestjs/common';

/** What a processor sees of a job: never BullMQ's class, so a run can also start by hand. */
export interface QueueJob<D = unknown> {
  id?: string;
  name: string;
  data: D;
}

/** A provider that processes one queue's jobs; declared with @QueueProcessor. */
export interface JobProcessor<D = unknown, R = unknown> {
  process(job: QueueJob<D>): Promise<R>;
}

export interface QueueProcessorOptions {
  /**
   * Maintenance jobs: run under a global advisory lock (`<prefix>job:<queue>`), so two replicas
   * never run it at once; a run that finds the lock held does nothing and is recorded `skipped`.
   */
  exclusive?: boolean;
  /** Jobs of this queue run at once in one replica; 1 by default. */
  concurrency?: number;
  /** How long a job may run without renewing its lock; BullMQ renews it while the job runs. */
  lockDurationMs?: number;
}

export interface QueueProcessorMetadata extends QueueProcessorOptions {
  queue: string;
}

export const QUEUE_PROCESSOR = Symbol('QUEUE_PROCESSOR');

/**
 * Marks a provider as the processor of `queue`. QueuesModule finds it at start, registers its
 * worker (where QUEUE_WORKERS is on) and runs every job through the JobRunner: a `job_runs`
 * row, metrics and, with `exclusive`, the advisory lock.
 */
export function QueueProcessor(queue: string, options: QueueProcessorOptions = {}): ClassDecorator {
  return SetMetadata<symbol, QueueProcessorMetadata>(QUEUE_PROCESSOR, { queue, ...options });
}
