import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { DataSource } from 'typeorm';
import {
  RetentionRepository,
  RetentionResult,
} from '../../pipeline/retention/retention.repository';
import { LockedResult } from '../advisory-lock';
import { JOB_QUEUES } from '../job-queues';
import { runLockedTask } from '../maintenance-processor';

/** Daily 01:00 UTC: webhook rows after 30 days, diagnostics runs after 7 (design 1.5). */
@Injectable()
export class RetentionProcessor implements OnModuleInit {
  private readonly logger = new Logger(RetentionProcessor.name);

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RetentionRepository) private readonly retention: RetentionRepository,
  ) {}

  onModuleInit(): void {
    this.queues.process(JOB_QUEUES.retention, () => this.run());
  }

  run(now: Date = new Date()): Promise<LockedResult<RetentionResult>> {
    return runLockedTask(this.logger, this.dataSource, JOB_QUEUES.retention, () =>
      this.retention.purge(now),
    );
  }
}
