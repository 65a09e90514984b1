import { Module } from '@nestjs/common';
import { SatelliteController } from './satellite.controller';
import { SatelliteRepository } from './satellite.repository';
import { SatelliteService } from './satellite.service';

/** Crop regions, NDVI health and production estimates. */
@Module({
  controllers: [SatelliteController],
  providers: [SatelliteRepository, SatelliteService],
})
export class SatelliteModule {}
