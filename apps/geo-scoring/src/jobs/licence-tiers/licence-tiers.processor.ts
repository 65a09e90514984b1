import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { DataSource } from 'typeorm';
import {
  LicenceTiersResult,
  LicenceTiersService,
} from '../../pipeline/licence-tiers/licence-tiers.service';
import { LockedResult } from '../advisory-lock';
import { JOB_QUEUES } from '../job-queues';
import { runLockedTask } from '../maintenance-processor';

/** Daily 02:30 UTC: closed licences turn Dormant, tiers near late licences recomputed (1.5). */
@Injectable()
export class LicenceTiersProcessor implements OnModuleInit {
  private readonly logger = new Logger(LicenceTiersProcessor.name);

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(LicenceTiersService) private readonly licenceTiers: LicenceTiersService,
  ) {}

  onModuleInit(): void {
    this.queues.process(JOB_QUEUES.licenceTiers, () => this.run());
  }

  /** `today` (YYYY-MM-DD) defaults to the UTC date when the job runs. */
  run(today?: string): Promise<LockedResult<LicenceTiersResult>> {
    return runLockedTask(this.logger, this.dataSource, JOB_QUEUES.licenceTiers, () =>
      this.licenceTiers.run(today),
    );
  }
}
