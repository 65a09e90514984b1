import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import {
  LicenceTiersResult,
  LicenceTiersService,
} from '../../pipeline/licence-tiers/licence-tiers.service';
import { JOB_QUEUES } from '../job-queues';

/**
 * Daily 02:30 UTC: closed licences turn Dormant, tiers near late licences recomputed.
 * Exclusive: one replica at a time, the others record a skipped run.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.licenceTiers, { exclusive: true })
export class LicenceTiersProcessor implements JobProcessor<unknown, LicenceTiersResult> {
  constructor(
    @Inject(LicenceTiersService) private readonly licenceTiers: LicenceTiersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<LicenceTiersResult> {
    return this.licenceTiers.run(this.clock.today());
  }
}
