import { Module } from '@nestjs/common';
import { NearbyController } from './nearby.controller';
import { NearbyRepository } from './nearby.repository';
import { NearbyService } from './nearby.service';

/** GET /api/nearby (design 2.8): records around a point. */
@Module({
  controllers: [NearbyController],
  providers: [NearbyService, NearbyRepository],
})
export class NearbyModule {}
