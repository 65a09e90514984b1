import { Module } from '@nestjs/common';
import { TierDistributionController } from './tier-distribution.controller';
import { TierDistributionRepository } from './tier-distribution.repository';
import { TierDistributionService } from './tier-distribution.service';

/** GET /api/metro-tier-distribution (see docs/geo-scoring/analytics.md#metro-tier-distribution). */
@Module({
  controllers: [TierDistributionController],
  providers: [TierDistributionRepository, TierDistributionService],
})
export class TierDistributionModule {}
