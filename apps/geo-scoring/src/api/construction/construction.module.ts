import { Module } from '@nestjs/common';
import { ConstructionController } from './construction.controller';
import { ConstructionRepository } from './construction.repository';
import { ConstructionService } from './construction.service';

/** GET /api/construction (design 2.8): detected construction sites. MetrosRepository is global. */
@Module({
  controllers: [ConstructionController],
  providers: [ConstructionService, ConstructionRepository],
})
export class ConstructionModule {}
