import { Inject, Injectable } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { QueueRegistry } from '@platform/queues';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { IngestFollowUps } from './ingest-follow-ups';
import {
  embeddingsUpdatedChannel,
  JOB_QUEUES,
  POPULATION_REFRESH_DEDUP_ID,
  ScoreRefreshJobData,
  scoreRefreshDedupId,
} from './job-queues';

/**
 * BullMQ-backed follow-ups. Deduplication (not a fixed jobId) collapses repeats: while a metro's
 * refresh is waiting or delayed, further ingests add nothing; once it has run, the key is gone
 * and the next ingest schedules a new one. An ingest during a running refresh keeps one more job
 * (`keepLastIfActive`), since that refresh may have read the data before the ingest committed.
 */
@Injectable()
export class BullIngestFollowUps extends IngestFollowUps {
  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(GeoScoringConfig) private readonly config: GeoScoringConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  async metroDataChanged(metroSlugs: readonly string[]): Promise<void> {
    const queue = this.queues.queue<ScoreRefreshJobData>(JOB_QUEUES.scoreRefresh);
    const delay = this.config.SCORE_REFRESH_DELAY_MS;
    await Promise.all(
      [...new Set(metroSlugs)].map((metro) =>
        queue.add(
          'ingest',
          { trigger: 'ingest', metros: [metro] },
          { delay, deduplication: { id: scoreRefreshDedupId(metro), keepLastIfActive: true } },
        ),
      ),
    );
  }

  async populationInputsChanged(): Promise<void> {
    await this.queues
      .queue(JOB_QUEUES.populationRefresh)
      .add(
        'ingest',
        {},
        { deduplication: { id: POPULATION_REFRESH_DEDUP_ID, keepLastIfActive: true } },
      );
  }

  async embeddingsChanged(): Promise<void> {
    await this.redis.publish(
      embeddingsUpdatedChannel(this.config.REDIS_PREFIX),
      JSON.stringify({ score_run_id: null }),
    );
  }
}
