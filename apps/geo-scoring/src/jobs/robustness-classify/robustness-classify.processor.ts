import { Inject, Injectable } from '@nestjs/common';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import { ClassifyResult, RobustnessService } from '../../pipeline/robustness/robustness.service';
import { JOB_QUEUES, RobustnessClassifyJobData } from '../job-queues';

/** After a refresh whose engine fingerprint differs from the last classifier run. */
@Injectable()
@QueueProcessor(JOB_QUEUES.robustnessClassify)
export class RobustnessClassifyProcessor implements JobProcessor<
  RobustnessClassifyJobData,
  ClassifyResult
> {
  constructor(@Inject(RobustnessService) private readonly robustness: RobustnessService) {}

  process(): Promise<ClassifyResult> {
    return this.robustness.classify();
  }
}
