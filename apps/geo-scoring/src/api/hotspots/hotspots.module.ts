import { Module } from '@nestjs/common';
import { HotspotsController } from './hotspots.controller';
import { HotspotsRepository } from './hotspots.repository';
import { HotspotsService } from './hotspots.service';

/**
 * GET /api/permits/hotspots and /api/crime/hotspots (see docs/geo-scoring/analytics.md#hotspots).
 * MetrosRepository is global.
 */
@Module({
  controllers: [HotspotsController],
  providers: [HotspotsRepository, HotspotsService],
})
export class HotspotsModule {}
