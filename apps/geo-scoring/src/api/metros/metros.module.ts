import { Global, Module } from '@nestjs/common';
import { MetrosApiRepository } from './metros-api.repository';
import { MetrosController } from './metros.controller';
import { MetrosRepository } from './metros.repository';
import { MetrosService } from './metros.service';

/** Metro lookups shared by every metro-scoped route, and GET /api/metros. */
@Global()
@Module({
  controllers: [MetrosController],
  providers: [MetrosRepository, MetrosApiRepository, MetrosService],
  exports: [MetrosRepository],
})
export class MetrosModule {}
