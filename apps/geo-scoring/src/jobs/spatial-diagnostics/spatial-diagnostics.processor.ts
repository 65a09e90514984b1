import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { Job } from 'bullmq';
import {
  SpatialDiagnosticsRunResult,
  SpatialDiagnosticsService,
} from '../../pipeline/spatial-diagnostics/spatial-diagnostics.service';
import { JOB_QUEUES, SpatialDiagnosticsJobData } from '../job-queues';

/** Per metro after each score refresh (design 2.5); the service swaps current_diag_run_id. */
@Injectable()
export class SpatialDiagnosticsProcessor implements OnModuleInit {
  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(SpatialDiagnosticsService) private readonly diagnostics: SpatialDiagnosticsService,
  ) {}

  onModuleInit(): void {
    this.queues.process<SpatialDiagnosticsJobData, SpatialDiagnosticsRunResult>(
      JOB_QUEUES.spatialDiagnostics,
      (job) => this.process(job),
      { lockDurationMs: 120_000 },
    );
  }

  process(job: Job<SpatialDiagnosticsJobData>): Promise<SpatialDiagnosticsRunResult> {
    return this.diagnostics.run(job.data.metroSlug, job.data.scoreRunId);
  }
}
