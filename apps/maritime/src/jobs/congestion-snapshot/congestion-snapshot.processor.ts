import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueJob, QueueProcessor } from '@platform/queues';
import { CongestionSnapshotService } from '../../pipeline/congestion/congestion-snapshot.service';
import { JOB_QUEUES } from '../job-queues';

/** What POST /congestion/refresh puts on the queue; the hourly schedule sends nothing. */
export interface CongestionSnapshotJobData {
  /** One port's slug; all ports when absent. */
  port?: string;
  /** The instant to snapshot (the refresh request's UTC minute), ISO 8601. */
  taken_at?: string;
}

export interface CongestionSnapshotResult {
  taken_at: string;
  port: string | null;
  ports: number;
}

const HOUR_MS = 3_600_000;

/**
 * Hourly at :05 (snapshots taken at the whole hour, so the series lines up with the seed's
 * backfill) and on refresh requests (at the request's minute). Not exclusive: runs write
 * different instants and each upserts its own rows, so a refresh that arrives while the hourly
 * run is under way must run too rather than be skipped.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.congestionSnapshot, { lockDurationMs: 120_000 })
export class CongestionSnapshotProcessor implements JobProcessor<
  CongestionSnapshotJobData | undefined,
  CongestionSnapshotResult
> {
  constructor(
    @Inject(CongestionSnapshotService) private readonly snapshots: CongestionSnapshotService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async process(
    job: QueueJob<CongestionSnapshotJobData | undefined>,
  ): Promise<CongestionSnapshotResult> {
    const data = job.data ?? {};
    const takenAt =
      data.taken_at !== undefined
        ? new Date(data.taken_at)
        : new Date(Math.floor(this.clock.nowMs() / HOUR_MS) * HOUR_MS);
    if (Number.isNaN(takenAt.getTime())) throw new Error(`invalid taken_at "${data.taken_at}"`);
    const { ports } = await this.snapshots.snapshot(takenAt, data.port);
    return { taken_at: takenAt.toISOString(), port: data.port ?? null, ports };
  }
}
