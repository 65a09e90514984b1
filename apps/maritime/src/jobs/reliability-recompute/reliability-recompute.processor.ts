import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import { ReliabilityService } from '../../pipeline/destinations/reliability.service';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 03:45 UTC: declared-destination reliability for every vessel. */
@Injectable()
@QueueProcessor(JOB_QUEUES.reliabilityRecompute, { exclusive: true, lockDurationMs: 300_000 })
export class ReliabilityRecomputeProcessor implements JobProcessor<unknown, { vessels: number }> {
  constructor(
    @Inject(ReliabilityService) private readonly reliability: ReliabilityService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<{ vessels: number }> {
    return this.reliability.recompute(this.clock.now());
  }
}
