import { Inject, Injectable } from '@nestjs/common';
import { QueueProcessor, type JobProcessor, type QueueJob } from '@platform/queues';
import {
  SpatialDiagnosticsRunResult,
  SpatialDiagnosticsService,
} from '../../pipeline/spatial-diagnostics/spatial-diagnostics.service';
import { JOB_QUEUES, SpatialDiagnosticsJobData } from '../job-queues';

/** Per metro after each score refresh; the service swaps current_diag_run_id. */
@Injectable()
@QueueProcessor(JOB_QUEUES.spatialDiagnostics, { lockDurationMs: 120_000 })
export class SpatialDiagnosticsProcessor implements JobProcessor<
  SpatialDiagnosticsJobData,
  SpatialDiagnosticsRunResult
> {
  constructor(
    @Inject(SpatialDiagnosticsService) private readonly diagnostics: SpatialDiagnosticsService,
  ) {}

  process(job: QueueJob<SpatialDiagnosticsJobData>): Promise<SpatialDiagnosticsRunResult> {
    return this.diagnostics.run(job.data.metroSlug, job.data.scoreRunId);
  }
}
