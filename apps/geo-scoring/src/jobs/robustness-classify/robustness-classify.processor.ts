import { Inject, Injectable } from '@nestjs/common';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import { ClassifyResult, RobustnessService } from '../../pipeline/robustness/robustness.service';
import { ReadCacheInvalidator } from '../../platform/read-cache/read-cache.invalidator';
import { JOB_QUEUES, RobustnessClassifyJobData } from '../job-queues';

/** After a refresh whose engine fingerprint differs from the last classifier run. */
@Injectable()
@QueueProcessor(JOB_QUEUES.robustnessClassify)
export class RobustnessClassifyProcessor implements JobProcessor<
  RobustnessClassifyJobData,
  ClassifyResult
> {
  constructor(
    @Inject(RobustnessService) private readonly robustness: RobustnessService,
    @Inject(ReadCacheInvalidator) private readonly readCache: ReadCacheInvalidator,
  ) {}

  async process(): Promise<ClassifyResult> {
    const result = await this.robustness.classify();
    // robustness_class and support_stability of cell_scores changed (cells and discover show them).
    await this.readCache.invalidate('robustness-classify');
    return result;
  }
}
