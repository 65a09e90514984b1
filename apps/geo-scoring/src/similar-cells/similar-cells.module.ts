import { Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { SimilarCellsController } from './similar-cells.controller';
import { SimilarCellsRepository } from './similar-cells.repository';
import { SimilarCellsService } from './similar-cells.service';
import { DEFAULT_SIMILAR_INDEX_POLL_MS, SimilarIndexRefresher } from './similar-index.refresher';

/**
 * POST /api/cells/similar (design 2.7): an in-memory exact index per replica, built before the
 * app listens and rebuilt on `geo:scores-refreshed` / `geo:embeddings-updated` and by a poll.
 */
@Module({
  controllers: [SimilarCellsController],
  providers: [
    SimilarCellsRepository,
    {
      provide: SimilarIndexRefresher,
      inject: [SimilarCellsRepository, GeoScoringConfig],
      useFactory: (repository: SimilarCellsRepository, config: GeoScoringConfig) =>
        new SimilarIndexRefresher(repository, {
          redisUrl: config.REDIS_URL,
          redisPrefix: config.REDIS_PREFIX,
          pollIntervalMs: DEFAULT_SIMILAR_INDEX_POLL_MS,
        }),
    },
    {
      provide: SimilarCellsService,
      inject: [SimilarIndexRefresher],
      useFactory: (refresher: SimilarIndexRefresher) => new SimilarCellsService(refresher),
    },
  ],
})
export class SimilarCellsModule {}
