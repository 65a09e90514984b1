import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import {
  AlertEvaluateService,
  type EvaluationOutcome,
} from '../../pipeline/alert-evaluate/alert-evaluate.service';
import { JOB_QUEUES } from '../job-queues';

/**
 * Every minute, and soon after a job writes alerts: new alerts against rules and watchlists.
 * Not `exclusive`: a run that found the lock held would be skipped and its alerts left to the
 * next one; instead the watermark rows are locked inside the run, so a second replica waits and
 * then finds nothing left to do.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.alertEvaluate, { lockDurationMs: 120_000 })
export class AlertEvaluateProcessor implements JobProcessor<unknown, EvaluationOutcome> {
  constructor(
    @Inject(AlertEvaluateService) private readonly evaluation: AlertEvaluateService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<EvaluationOutcome> {
    return this.evaluation.run(this.clock.now());
  }
}
