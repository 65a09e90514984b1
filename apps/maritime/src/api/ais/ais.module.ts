import { Module } from '@nestjs/common';
import { AisIngestModule } from '../../pipeline/ais-ingest/ais-ingest.module';
import { VesselsModule } from '../vessels/vessels.module';
import { AisController } from './ais.controller';
import { AisService } from './ais.service';
import { LatestLocationRepository } from './latest-location.repository';

@Module({
  imports: [AisIngestModule, VesselsModule],
  controllers: [AisController],
  providers: [LatestLocationRepository, AisService],
})
export class AisModule {}
