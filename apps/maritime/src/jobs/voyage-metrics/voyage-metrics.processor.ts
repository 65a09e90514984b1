import { Inject, Injectable } from '@nestjs/common';
import { JobProcessor, QueueJob, QueueProcessor } from '@platform/queues';
import {
  VoyageMetricsResult,
  VoyageMetricsService,
} from '../../pipeline/voyage-metrics/voyage-metrics.service';
import { JOB_QUEUES } from '../job-queues';
import type { VoyageMetricsRequest } from './voyage-metrics.trigger';

/**
 * The 04:30 sweep and the runs completed voyages ask for: emissions and earnings of every
 * completed voyage still without them (`voyage_ids` narrows a run to those voyages; `all`
 * recomputes every voyage). Exclusive: a request that finds a run under way is skipped, and
 * whatever it asked for is pending for the next run.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.voyageMetrics, { exclusive: true, lockDurationMs: 300_000 })
export class VoyageMetricsProcessor implements JobProcessor<
  VoyageMetricsRequest | undefined,
  VoyageMetricsResult
> {
  constructor(@Inject(VoyageMetricsService) private readonly metrics: VoyageMetricsService) {}

  process(job: QueueJob<VoyageMetricsRequest | undefined>): Promise<VoyageMetricsResult> {
    const ids = job.data?.voyage_ids;
    if (ids !== undefined && ids.length > 0) return this.metrics.compute(ids);
    return this.metrics.computeAll({ all: job.data?.all === true });
  }
}
