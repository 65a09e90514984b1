import { Module } from '@nestjs/common';

/** Crop regions, NDVI health and production estimates. */
@Module({})
export class SatelliteModule {}
