import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { ClassifyResult, RobustnessService } from '../../pipeline/robustness/robustness.service';
import { JOB_QUEUES } from '../job-queues';

/** After a refresh whose engine fingerprint differs from the last classifier run (2.6). */
@Injectable()
export class RobustnessClassifyProcessor implements OnModuleInit {
  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(RobustnessService) private readonly robustness: RobustnessService,
  ) {}

  onModuleInit(): void {
    this.queues.process<unknown, ClassifyResult>(JOB_QUEUES.robustnessClassify, () =>
      this.robustness.classify(),
    );
  }
}
