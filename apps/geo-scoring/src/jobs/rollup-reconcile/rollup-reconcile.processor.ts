import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { DataSource } from 'typeorm';
import {
  lastDays,
  RECONCILE_DAYS,
  RollupsRepository,
} from '../../pipeline/rollups/rollups.repository';
import { LockedResult } from '../advisory-lock';
import { JOB_QUEUES } from '../job-queues';
import { runLockedTask } from '../maintenance-processor';

/** Daily 03:00 UTC: recomputes the last 3 days of the rollups from raw rows (design 1.5). */
@Injectable()
export class RollupReconcileProcessor implements OnModuleInit {
  private readonly logger = new Logger(RollupReconcileProcessor.name);

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RollupsRepository) private readonly rollups: RollupsRepository,
  ) {}

  onModuleInit(): void {
    this.queues.process(JOB_QUEUES.rollupReconcile, () => this.run());
  }

  run(today: Date = new Date()): Promise<LockedResult<{ from: string; to: string }>> {
    return runLockedTask(this.logger, this.dataSource, JOB_QUEUES.rollupReconcile, async () => {
      const range = lastDays(RECONCILE_DAYS, today);
      await this.rollups.rebuild(range);
      return range;
    });
  }
}
