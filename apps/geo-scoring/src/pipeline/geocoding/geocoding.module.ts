import { Module } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { GeocodeCache } from './geocode-cache';
import {
  GEOCODER,
  GEOCODING_LIMITS,
  GeocodingService,
  UPLOAD_GEOCODING_LIMITS,
} from './geocoding.service';
import { NominatimClient } from './nominatim.client';

/** Address geocoding through the Nominatim-compatible GEOCODER_URL, with a Redis cache. */
@Module({
  providers: [
    {
      provide: GEOCODER,
      inject: [GeoScoringConfig],
      useFactory: (config: GeoScoringConfig): NominatimClient | null =>
        config.GEOCODER_URL === undefined ? null : new NominatimClient(config.GEOCODER_URL),
    },
    { provide: GEOCODING_LIMITS, useValue: UPLOAD_GEOCODING_LIMITS },
    GeocodeCache,
    GeocodingService,
  ],
  exports: [GeocodingService],
})
export class GeocodingModule {}
