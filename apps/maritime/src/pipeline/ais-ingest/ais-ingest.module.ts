import { Module } from '@nestjs/common';
import { AisIngestRepository } from './ais-ingest.repository';
import { AisIngestService } from './ais-ingest.service';
import { VesselStaticsRepository } from './vessel-statics.repository';

/** AIS ingest; AisDerivation (what happens after commit) comes from the jobs module. */
@Module({
  providers: [AisIngestRepository, VesselStaticsRepository, AisIngestService],
  exports: [AisIngestService],
})
export class AisIngestModule {}
