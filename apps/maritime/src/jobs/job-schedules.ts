import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { JOB_QUEUES, JOB_SCHEDULES } from './job-queues';

/**
 * Registers the job schedulers at boot (upsertJobScheduler is keyed by id, so N replicas give
 * one schedule and one job per run) and asks for a partition pass right away, so today's and the
 * coming week's partitions exist before the first ingest. Not awaited by the boot: a replica
 * starting while Redis is away still comes up (readiness says 503).
 */
@Injectable()
export class JobSchedules implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobSchedules.name);
  registered: Promise<void> = Promise.resolve();

  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  onApplicationBootstrap(): void {
    this.registered = this.register().catch((error: unknown) => {
      this.logger.error({ err: error }, 'job schedulers not registered');
    });
  }

  private async register(): Promise<void> {
    for (const { queue, pattern } of JOB_SCHEDULES)
      await this.queues.upsertScheduler(
        queue,
        `${queue}-scheduled`,
        { pattern },
        { name: 'scheduled' },
      );
    await this.queues
      .queue(JOB_QUEUES.partitionsMaintain)
      .add('boot', {}, { deduplication: { id: 'partitions-maintain-boot' } });
  }
}
