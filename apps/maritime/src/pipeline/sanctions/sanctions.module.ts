import { Module } from '@nestjs/common';
import { RiskModule } from '../risk/risk.module';
import { SanctionsScreeningRepository } from './sanctions-screening.repository';
import { SanctionsScreeningService } from './sanctions-screening.service';

@Module({
  imports: [RiskModule],
  providers: [SanctionsScreeningRepository, SanctionsScreeningService],
  exports: [SanctionsScreeningService],
})
export class SanctionsScreeningModule {}
