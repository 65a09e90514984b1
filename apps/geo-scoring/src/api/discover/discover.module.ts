import { Module } from '@nestjs/common';
import { DiscoverController } from './discover.controller';
import { DiscoverRepository } from './discover.repository';
import { DiscoverService } from './discover.service';

/**
 * GET /api/discover (see docs/geo-scoring/analytics.md#discover). MetrosRepository comes from the
 * global MetrosModule.
 */
@Module({
  controllers: [DiscoverController],
  providers: [DiscoverRepository, DiscoverService],
})
export class DiscoverModule {}
