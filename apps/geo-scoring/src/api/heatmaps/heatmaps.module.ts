import { Module } from '@nestjs/common';
import { HeatmapsController } from './heatmaps.controller';
import { HeatmapsRepository } from './heatmaps.repository';
import { HeatmapsService } from './heatmaps.service';

/** GET /api/activity-heatmap and /api/heatmap/{dimension} (res-5 rollups, design 1.5 and 3.3). */
@Module({
  controllers: [HeatmapsController],
  providers: [HeatmapsRepository, HeatmapsService],
})
export class HeatmapsModule {}
