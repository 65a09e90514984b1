import { Module } from '@nestjs/common';
import { TierDistributionController } from './tier-distribution.controller';
import { TierDistributionRepository } from './tier-distribution.repository';
import { TierDistributionService } from './tier-distribution.service';

/** GET /api/metro-tier-distribution (design 2.8, acceptance check 1). */
@Module({
  controllers: [TierDistributionController],
  providers: [TierDistributionRepository, TierDistributionService],
})
export class TierDistributionModule {}
