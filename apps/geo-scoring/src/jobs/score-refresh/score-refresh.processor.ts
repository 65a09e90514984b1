import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { GeoScoringConfig } from '@platform/config';
import { QueueProcessor, QueueRegistry, type JobProcessor, type QueueJob } from '@platform/queues';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { RobustnessService } from '../../pipeline/robustness/robustness.service';
import {
  ScoreRefreshResult,
  ScoreRefreshService,
} from '../../pipeline/score-refresh/score-refresh.service';
import { ReadCacheInvalidator } from '../../platform/read-cache/read-cache.invalidator';
import { IngestFollowUps } from '../ingest-follow-ups';
import {
  JOB_QUEUES,
  PORTFOLIO_MONITOR_DEDUP_ID,
  PortfolioMonitorJobData,
  ROBUSTNESS_CLASSIFY_DEDUP_ID,
  RobustnessClassifyJobData,
  ScoreRefreshJobData,
  scoresRefreshedChannel,
  SpatialDiagnosticsJobData,
} from '../job-queues';

export interface ScoreRefreshJobResult {
  scoreRunId: string;
  asOf: string;
  metros: string[];
  skippedMetros: string[];
  cellsScored: number;
  cellsTouched: number;
  classificationQueued: boolean;
}

/**
 * Daily 04:00 UTC (all metros) and after ingests (one metro, debounced): runs the engine, then
 * queues the follow-ups (spatial diagnostics per metro, the portfolio monitor, the robustness
 * classifier when the engine changed) and tells every replica on `geo:scores-refreshed`. Its
 * score.changed deliveries were enqueued as each metro's transaction committed. A refresh of every metro
 * can take minutes: BullMQ renews the job's lock meanwhile.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.scoreRefresh, { lockDurationMs: 120_000 })
export class ScoreRefreshProcessor implements JobProcessor<
  ScoreRefreshJobData,
  ScoreRefreshJobResult
> {
  private readonly logger = new Logger(ScoreRefreshProcessor.name);

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(ScoreRefreshService) private readonly scoreRefresh: ScoreRefreshService,
    @Inject(RobustnessService) private readonly robustness: RobustnessService,
    @Inject(IngestFollowUps) private readonly followUps: IngestFollowUps,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GeoScoringConfig) private readonly config: GeoScoringConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ReadCacheInvalidator) private readonly readCache: ReadCacheInvalidator,
  ) {}

  async process(job: QueueJob<ScoreRefreshJobData>): Promise<ScoreRefreshJobResult> {
    const asOf = job.data.asOf ?? this.clock.today();
    const result = await this.scoreRefresh
      .refresh({ asOf, trigger: job.data.trigger, metros: job.data.metros })
      .catch(async (error: unknown) => {
        // Metros committed before the failure changed what the read routes show.
        await this.readCache.invalidate('score-refresh');
        throw error;
      });
    // Each metro's scores are committed by now: cached cell, discover and tier answers are stale.
    if (result.metros.length > 0) await this.readCache.invalidate('score-refresh');
    await this.enqueueDiagnostics(result);
    if (result.metros.length > 0) await this.enqueuePortfolioMonitor();
    const classificationQueued = await this.robustness.needsClassification();
    if (classificationQueued) {
      await this.queues
        .queue<RobustnessClassifyJobData>(JOB_QUEUES.robustnessClassify)
        .add(
          'classify',
          { scoreRunId: result.scoreRunId },
          { deduplication: { id: ROBUSTNESS_CLASSIFY_DEDUP_ID, keepLastIfActive: true } },
        );
    }
    // A metro another replica was refreshing may have missed this job's data: try it again
    // after the debounce delay rather than lose the refresh.
    if (result.skippedMetros.length > 0)
      await this.followUps.metroDataChanged(result.skippedMetros);
    await this.redis.publish(
      scoresRefreshedChannel(this.config.REDIS_PREFIX),
      JSON.stringify({ score_run_id: result.scoreRunId }),
    );
    return {
      scoreRunId: result.scoreRunId,
      asOf,
      metros: result.metros,
      skippedMetros: result.skippedMetros,
      cellsScored: result.cellsScored,
      cellsTouched: result.cellsTouched,
      classificationQueued,
    };
  }

  /** Portfolios follow the new scores; repeated refreshes collapse into one more run. */
  private async enqueuePortfolioMonitor(): Promise<void> {
    await this.queues
      .queue<PortfolioMonitorJobData>(JOB_QUEUES.portfolioMonitor)
      .add(
        'score-refresh',
        { trigger: 'score-refresh' },
        { deduplication: { id: PORTFOLIO_MONITOR_DEDUP_ID, keepLastIfActive: true } },
      );
  }

  private async enqueueDiagnostics(result: ScoreRefreshResult): Promise<void> {
    if (result.metros.length === 0) return;
    // jobId per (metro, run): a retried refresh job does not queue the same diagnostics twice.
    await this.queues.queue<SpatialDiagnosticsJobData>(JOB_QUEUES.spatialDiagnostics).addBulk(
      result.metros.map((metroSlug) => ({
        name: metroSlug,
        data: { metroSlug, scoreRunId: result.scoreRunId },
        opts: { jobId: `diag-${metroSlug}-${result.scoreRunId}` },
      })),
    );
    this.logger.log(
      { score_run_id: result.scoreRunId, metros: result.metros },
      'spatial diagnostics queued',
    );
  }
}
