import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import {
  DestinationTrainingResult,
  DestinationTrainingService,
} from '../../pipeline/destinations/destination-training.service';
import { JOB_QUEUES } from '../job-queues';

/** Daily at 03:30 UTC: trains a destination model and activates it unless it is worse. */
@Injectable()
@QueueProcessor(JOB_QUEUES.destinationTrain, { exclusive: true, lockDurationMs: 600_000 })
export class DestinationTrainProcessor implements JobProcessor<unknown, DestinationTrainingResult> {
  constructor(
    @Inject(DestinationTrainingService) private readonly training: DestinationTrainingService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<DestinationTrainingResult> {
    return this.training.train(this.clock.now());
  }
}
