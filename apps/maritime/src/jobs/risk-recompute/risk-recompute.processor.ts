import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import { RiskRecomputeResult, RiskScoringService } from '../../pipeline/risk/risk-scoring.service';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 03:00 UTC: every vessel's risk-v1 score, and dark_fleet alerts. */
@Injectable()
@QueueProcessor(JOB_QUEUES.riskRecompute, { exclusive: true, lockDurationMs: 300_000 })
export class RiskRecomputeProcessor implements JobProcessor<unknown, RiskRecomputeResult> {
  constructor(
    @Inject(RiskScoringService) private readonly scoring: RiskScoringService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<RiskRecomputeResult> {
    return this.scoring.recompute(this.clock.now());
  }
}
