import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor, QueueRegistry } from '@platform/queues';
import { RiskRecomputeResult, RiskScoringService } from '../../pipeline/risk/risk-scoring.service';
import { requestAlertEvaluation } from '../alert-evaluate/alert-evaluate.trigger';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 03:00 UTC: every vessel's risk-v1 score, and dark_fleet alerts. */
@Injectable()
@QueueProcessor(JOB_QUEUES.riskRecompute, { exclusive: true, lockDurationMs: 300_000 })
export class RiskRecomputeProcessor implements JobProcessor<unknown, RiskRecomputeResult> {
  constructor(
    @Inject(RiskScoringService) private readonly scoring: RiskScoringService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async process(): Promise<RiskRecomputeResult> {
    const result = await this.scoring.recompute(this.clock.now());
    await requestAlertEvaluation(this.queues); // dark_fleet alerts it raised
    return result;
  }
}
