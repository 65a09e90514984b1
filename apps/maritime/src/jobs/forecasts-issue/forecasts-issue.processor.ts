import { Inject, Injectable } from '@nestjs/common';
import { Clock, utcDay } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import { ForecastIssuer } from '../../pipeline/forecasts/forecast-issuer.service';
import { JOB_QUEUES } from '../job-queues';

export interface ForecastsIssueResult {
  issued_on: string;
  rows: number;
}

/** Daily at 04:00 UTC: today's issue, 14 horizons × every port × 3 methods. */
@Injectable()
@QueueProcessor(JOB_QUEUES.forecastsIssue, { exclusive: true, lockDurationMs: 300_000 })
export class ForecastsIssueProcessor implements JobProcessor<unknown, ForecastsIssueResult> {
  constructor(
    @Inject(ForecastIssuer) private readonly issuer: ForecastIssuer,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async process(): Promise<ForecastsIssueResult> {
    const issuedOn = utcDay(this.clock.now());
    const { rows } = await this.issuer.issue(issuedOn);
    return { issued_on: issuedOn, rows };
  }
}
