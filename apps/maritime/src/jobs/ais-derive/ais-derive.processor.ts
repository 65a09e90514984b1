import { Inject, Injectable } from '@nestjs/common';
import { JobProcessor, QueueJob, QueueProcessor, QueueRegistry } from '@platform/queues';
import { AisDeriveResult, AisDeriveService } from '../../pipeline/ais-derive/ais-derive.service';
import type { AisDeriveRequest } from '../../pipeline/ais-derive/ais-derivation';
import { requestAlertEvaluation } from '../alert-evaluate/alert-evaluate.trigger';
import { JOB_QUEUES } from '../job-queues';

/** After each ingest: the movement detectors over the vessels it touched. */
@Injectable()
@QueueProcessor(JOB_QUEUES.aisDerive, { lockDurationMs: 120_000 })
export class AisDeriveProcessor implements JobProcessor<AisDeriveRequest, AisDeriveResult> {
  constructor(
    @Inject(AisDeriveService) private readonly derive: AisDeriveService,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async process(job: QueueJob<AisDeriveRequest>): Promise<AisDeriveResult> {
    const result = await this.derive.derive(job.data);
    await requestAlertEvaluation(this.queues); // the movement alerts it wrote
    return result;
  }
}
