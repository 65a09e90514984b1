import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import {
  DayRange,
  lastDays,
  RECONCILE_DAYS,
  RollupsRepository,
} from '../../pipeline/rollups/rollups.repository';
import { ReadCacheInvalidator } from '../../platform/read-cache/read-cache.invalidator';
import { JOB_QUEUES } from '../job-queues';

/** Daily 03:00 UTC: recomputes the last 3 days of the rollups from raw rows. Exclusive. */
@Injectable()
@QueueProcessor(JOB_QUEUES.rollupReconcile, { exclusive: true })
export class RollupReconcileProcessor implements JobProcessor<unknown, DayRange> {
  constructor(
    @Inject(RollupsRepository) private readonly rollups: RollupsRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ReadCacheInvalidator) private readonly readCache: ReadCacheInvalidator,
  ) {}

  async process(): Promise<DayRange> {
    const range = lastDays(RECONCILE_DAYS, this.clock.now());
    await this.rollups.rebuild(range);
    // The res-5 rollups the heatmaps read were rewritten.
    await this.readCache.invalidate('rollup-reconcile');
    return range;
  }
}
