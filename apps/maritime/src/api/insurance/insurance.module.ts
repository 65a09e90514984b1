import { Module } from '@nestjs/common';
import { RiskModule as RiskPipelineModule } from '../../pipeline/risk/risk.module';
import { InsuranceMethodologyService } from './insurance-methodology.service';
import { InsuranceController } from './insurance.controller';
import { InsuranceRepository } from './insurance.repository';
import { InsuranceService } from './insurance.service';

/** Claims prediction, comparable pools, premium adjustment and the methodology. */
@Module({
  imports: [RiskPipelineModule],
  controllers: [InsuranceController],
  providers: [InsuranceRepository, InsuranceService, InsuranceMethodologyService],
})
export class InsuranceModule {}
