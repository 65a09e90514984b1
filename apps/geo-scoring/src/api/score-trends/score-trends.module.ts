import { Module } from '@nestjs/common';
import { ScoreTrendsController } from './score-trends.controller';
import { ScoreTrendsRepository } from './score-trends.repository';
import { ScoreTrendsService } from './score-trends.service';

/** GET /api/score-trends (see docs/geo-scoring/analytics.md#score-trends). */
@Module({
  controllers: [ScoreTrendsController],
  providers: [ScoreTrendsRepository, ScoreTrendsService],
})
export class ScoreTrendsModule {}
