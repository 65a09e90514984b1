import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import {
  LicenceTiersResult,
  LicenceTiersService,
} from '../../pipeline/licence-tiers/licence-tiers.service';
import { ReadCacheInvalidator } from '../../platform/read-cache/read-cache.invalidator';
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
    @Inject(ReadCacheInvalidator) private readonly readCache: ReadCacheInvalidator,
  ) {}

  async process(): Promise<LicenceTiersResult> {
    const result = await this.licenceTiers.run(this.clock.today()).catch(async (error: unknown) => {
      // Batches committed before the failure changed the tiers /api/nearby shows.
      await this.readCache.invalidate('licence-tiers');
      throw error;
    });
    if (result.dormant + result.recomputed > 0) await this.readCache.invalidate('licence-tiers');
    return result;
  }
}
