import { Module } from '@nestjs/common';
import { EvidenceRepository } from '../case-files/evidence.repository';
import { ExplainabilityController } from './explainability.controller';
import { ExplainabilityRepository } from './explainability.repository';
import { ExplainabilityService } from './explainability.service';

@Module({
  controllers: [ExplainabilityController],
  providers: [EvidenceRepository, ExplainabilityRepository, ExplainabilityService],
})
export class ExplainabilityModule {}
