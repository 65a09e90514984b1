import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { INTERVAL_SCHEDULES, JOB_QUEUES, JOB_SCHEDULES, ScoreRefreshJobData } from './job-queues';

/**
 * Registers the daily and the interval job schedulers. Every replica does it at boot; upsertJobScheduler is keyed
 * by the scheduler id, so N replicas still give one schedule and one job per run. Not awaited by
 * the boot: a replica starting while Redis is away must still come up (readiness says 503).
 */
@Injectable()
export class JobSchedules implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobSchedules.name);
  /** Settles once every schedule is registered (tests wait on it). */
  registered: Promise<void> = Promise.resolve();

  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  onApplicationBootstrap(): void {
    this.registered = this.register().catch((error: unknown) => {
      this.logger.error({ err: error }, 'job schedulers not registered');
    });
  }

  private async register(): Promise<void> {
    for (const { queue, pattern } of JOB_SCHEDULES) {
      const data: Partial<ScoreRefreshJobData> = { trigger: 'schedule' };
      await this.queues.upsertScheduler(
        queue,
        `${queue}-daily`,
        { pattern },
        { name: 'daily', data },
      );
    }
    for (const { queue, everyMs } of INTERVAL_SCHEDULES) {
      await this.queues.upsertScheduler(
        queue,
        `${queue}-every-${everyMs / 1000}s`,
        { every: everyMs },
        { name: 'interval', data: {} },
      );
    }
    // One portfolio-monitor run at a time across replicas; a trigger during a run waits for it.
    await this.queues.queue(JOB_QUEUES.portfolioMonitor).setGlobalConcurrency(1);
  }
}
