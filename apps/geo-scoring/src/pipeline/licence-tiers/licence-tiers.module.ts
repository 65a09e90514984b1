import { Module } from '@nestjs/common';
import { LicenceTiersRepository } from './licence-tiers.repository';
import { LicenceTiersService } from './licence-tiers.service';

/** The daily licence-tiers job's work. */
@Module({
  providers: [LicenceTiersRepository, LicenceTiersService],
  exports: [LicenceTiersService],
})
export class LicenceTiersModule {}
