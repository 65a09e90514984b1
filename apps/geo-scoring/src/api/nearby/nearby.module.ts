import { Module } from '@nestjs/common';
import { NearbyController } from './nearby.controller';
import { NearbyRepository } from './nearby.repository';
import { NearbyService } from './nearby.service';

/** GET /api/nearby (see docs/geo-scoring/analytics.md#nearby): records around a point. */
@Module({
  controllers: [NearbyController],
  providers: [NearbyService, NearbyRepository],
})
export class NearbyModule {}
