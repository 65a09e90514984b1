import { Module } from '@nestjs/common';
import { DatasetRegistry } from './datasets/registry';
import { GeographyRepository } from './geography.repository';
import { IngestController } from './ingest.controller';
import { IngestRepository } from './ingest.repository';
import { IngestTokenGuard } from './ingest-token.guard';
import { IngestService } from './ingest.service';
import { OutboxRepository } from './outbox.repository';
import { PermitLinksRepository } from './permit-links.repository';
import { PointLocator } from './point-locator';
import { RollupDeltasRepository } from './rollup-deltas.repository';

/**
 * POST /internal/ingest/{dataset} (see docs/geo-scoring/ingestion.md). IngestFollowUps comes from
 * JobsModule (global).
 */
@Module({
  controllers: [IngestController],
  providers: [
    IngestService,
    IngestTokenGuard,
    IngestRepository,
    PointLocator,
    DatasetRegistry,
    GeographyRepository,
    RollupDeltasRepository,
    OutboxRepository,
    PermitLinksRepository,
  ],
  exports: [IngestService],
})
export class IngestModule {}
