import { Inject, Injectable } from '@nestjs/common';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import {
  DensityRefreshResult,
  DensityRefreshService,
} from '../../pipeline/density/density-refresh.service';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 02:00 UTC: REFRESH MATERIALIZED VIEW CONCURRENTLY density_daily. */
@Injectable()
@QueueProcessor(JOB_QUEUES.densityRefresh, { exclusive: true, lockDurationMs: 600_000 })
export class DensityRefreshProcessor implements JobProcessor<unknown, DensityRefreshResult> {
  constructor(@Inject(DensityRefreshService) private readonly density: DensityRefreshService) {}

  process(): Promise<DensityRefreshResult> {
    return this.density.refresh();
  }
}
