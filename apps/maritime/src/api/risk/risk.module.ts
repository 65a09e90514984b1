import { Module } from '@nestjs/common';
import { RiskModule as RiskPipelineModule } from '../../pipeline/risk/risk.module';
import { VesselsModule } from '../vessels/vessels.module';
import { RiskWeightsRepository } from './risk-weights.repository';
import { RiskController } from './risk.controller';
import { RiskService } from './risk.service';

@Module({
  imports: [RiskPipelineModule, VesselsModule],
  controllers: [RiskController],
  providers: [RiskWeightsRepository, RiskService],
})
export class RiskApiModule {}
