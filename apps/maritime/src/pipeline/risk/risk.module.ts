import { Module } from '@nestjs/common';
import { PlatformAlertsRepository } from './platform-alerts.repository';
import { RiskInputsRepository } from './risk-inputs.repository';
import { RiskScoresRepository } from './risk-scores.repository';
import { RiskScoringService } from './risk-scoring.service';

@Module({
  providers: [
    RiskInputsRepository,
    RiskScoresRepository,
    PlatformAlertsRepository,
    RiskScoringService,
  ],
  exports: [RiskScoringService, RiskScoresRepository, PlatformAlertsRepository],
})
export class RiskModule {}
