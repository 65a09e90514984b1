import { Module } from '@nestjs/common';
import { IngestController } from './ingest.controller';
import { IngestTokenGuard } from './ingest-token.guard';
import { IngestService } from './ingest.service';

/** POST /internal/ingest/{dataset} (design 3.7). IngestFollowUps comes from JobsModule (global). */
@Module({
  controllers: [IngestController],
  providers: [IngestService, IngestTokenGuard],
  exports: [IngestService],
})
export class IngestModule {}
