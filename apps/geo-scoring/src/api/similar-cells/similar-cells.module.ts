import { Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { SimilarCellsController } from './similar-cells.controller';
import { SimilarCellsRepository } from './similar-cells.repository';
import { SimilarCellsService } from './similar-cells.service';
import {
  DEFAULT_SIMILAR_INDEX_POLL_MS,
  SIMILAR_INDEX_REFRESHER_OPTIONS,
  SimilarIndexRefresher,
  SimilarIndexRefresherOptions,
} from './similar-index.refresher';

/**
 * POST /api/cells/similar (see docs/geo-scoring/similar-cells.md): an in-memory exact index per
 * replica, built before the app listens and rebuilt on `geo:scores-refreshed` /
 * `geo:embeddings-updated` and by a poll.
 */
@Module({
  controllers: [SimilarCellsController],
  providers: [
    SimilarCellsRepository,
    SimilarIndexRefresher,
    SimilarCellsService,
    {
      provide: SIMILAR_INDEX_REFRESHER_OPTIONS,
      inject: [GeoScoringConfig],
      useFactory: (config: GeoScoringConfig): SimilarIndexRefresherOptions => ({
        redisUrl: config.REDIS_URL,
        redisPrefix: config.REDIS_PREFIX,
        pollIntervalMs: DEFAULT_SIMILAR_INDEX_POLL_MS,
      }),
    },
  ],
})
export class SimilarCellsModule {}
