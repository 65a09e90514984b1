import { Module } from '@nestjs/common';
import { ConstructionController } from './construction.controller';
import { ConstructionRepository } from './construction.repository';
import { ConstructionService } from './construction.service';

/**
 * GET /api/construction (see docs/geo-scoring/analytics.md#construction): detected construction
 * sites. MetrosRepository is global.
 */
@Module({
  controllers: [ConstructionController],
  providers: [ConstructionService, ConstructionRepository],
})
export class ConstructionModule {}
