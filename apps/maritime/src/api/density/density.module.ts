import { Module } from '@nestjs/common';
import { DensityController } from './density.controller';
import { DensityRepository } from './density.repository';
import { DensityService } from './density.service';

/** Daily vessel density per H3 cell. */
@Module({
  controllers: [DensityController],
  providers: [DensityRepository, DensityService],
})
export class DensityModule {}
