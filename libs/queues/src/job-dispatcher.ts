import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { LockedResult } from './advisory-lock';
import { JobRunner } from './job-runner';
import { QueueRegistry } from './queue-registry';
import {
  QUEUE_PROCESSOR,
  type JobProcessor,
  type QueueJob,
  type QueueProcessorMetadata,
} from './queue-processor';

interface Registered {
  processor: JobProcessor;
  metadata: QueueProcessorMetadata;
}

/**
 * Finds every @QueueProcessor provider at module init, registers its queue's worker with the
 * QueueRegistry, and runs each job through the JobRunner. `runNow` runs a queue's processor in
 * this process exactly as a worker would (operators' commands and tests use it).
 */
@Injectable()
export class JobDispatcher implements OnModuleInit {
  private readonly processors = new Map<string, Registered>();

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(JobRunner) private readonly runner: JobRunner,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const metadata = this.reflector.get<QueueProcessorMetadata | undefined>(
        QUEUE_PROCESSOR,
        metatype,
      );
      if (!metadata) continue;
      if (this.processors.has(metadata.queue))
        throw new Error(`queue "${metadata.queue}" has two processors`);
      this.processors.set(metadata.queue, { processor: instance as JobProcessor, metadata });
      this.queues.process(
        metadata.queue,
        async (job) => {
          const outcome = await this.dispatch(metadata.queue, {
            id: job.id,
            name: job.name,
            data: job.data,
          });
          // What BullMQ stores as the job's return value: the lock outcome for exclusive jobs.
          return metadata.exclusive ? outcome : outcome.acquired ? outcome.result : undefined;
        },
        { concurrency: metadata.concurrency, lockDurationMs: metadata.lockDurationMs },
      );
    }
  }

  /** Runs `queue`'s processor on `job` now, recorded and (when exclusive) locked. */
  runNow<R = unknown, D = unknown>(
    queue: string,
    job: Partial<QueueJob<D>> = {},
  ): Promise<LockedResult<R>> {
    return this.dispatch(queue, { name: 'manual', data: {} as D, ...job }) as Promise<
      LockedResult<R>
    >;
  }

  private dispatch(queue: string, job: QueueJob): Promise<LockedResult<unknown>> {
    const entry = this.processors.get(queue);
    if (!entry) throw new Error(`queue "${queue}" has no processor`);
    return this.runner.run(queue, () => entry.processor.process(job), {
      exclusive: entry.metadata.exclusive,
      jobId: job.id,
      trigger: job.name,
    });
  }
}
