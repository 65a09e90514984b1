import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor, QueueRegistry } from '@platform/queues';
import {
  SanctionsScreeningService,
  SanctionsScreenResult,
} from '../../pipeline/sanctions/sanctions-screening.service';
import { requestAlertEvaluation } from '../alert-evaluate/alert-evaluate.trigger';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 01:00 UTC and after a list import: matches recomputed, new ones alerted. */
@Injectable()
@QueueProcessor(JOB_QUEUES.sanctionsScreen, { exclusive: true, lockDurationMs: 120_000 })
export class SanctionsScreenProcessor implements JobProcessor<unknown, SanctionsScreenResult> {
  constructor(
    @Inject(SanctionsScreeningService) private readonly screening: SanctionsScreeningService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async process(): Promise<SanctionsScreenResult> {
    const result = await this.screening.screen(this.clock.now());
    await requestAlertEvaluation(this.queues); // sanctions_match alerts it raised
    return result;
  }
}
