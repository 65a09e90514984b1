import { Module } from '@nestjs/common';
import { HeatmapsController } from './heatmaps.controller';
import { HeatmapsRepository } from './heatmaps.repository';
import { HeatmapsService } from './heatmaps.service';

/**
 * GET /api/activity-heatmap and /api/heatmap/{dimension}, read from the res-5 rollups
 * (see docs/geo-scoring/analytics.md#heatmaps).
 */
@Module({
  controllers: [HeatmapsController],
  providers: [HeatmapsRepository, HeatmapsService],
})
export class HeatmapsModule {}
