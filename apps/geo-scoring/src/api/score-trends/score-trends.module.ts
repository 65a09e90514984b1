import { Module } from '@nestjs/common';
import { ScoreTrendsController } from './score-trends.controller';
import { ScoreTrendsRepository } from './score-trends.repository';
import { ScoreTrendsService } from './score-trends.service';

/** GET /api/score-trends (design 2.8, 3.3). */
@Module({
  controllers: [ScoreTrendsController],
  providers: [ScoreTrendsRepository, ScoreTrendsService],
})
export class ScoreTrendsModule {}
