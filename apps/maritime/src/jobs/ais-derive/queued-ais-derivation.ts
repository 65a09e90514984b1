import { Inject, Injectable } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { AisDerivation, AisDeriveRequest } from '../../pipeline/ais-derive/ais-derivation';
import { JOB_QUEUES } from '../job-queues';

/** One derive job per ingest batch; the batch id makes a retried enqueue a no-op. */
@Injectable()
export class QueuedAisDerivation extends AisDerivation {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {
    super();
  }

  async requested(request: AisDeriveRequest): Promise<void> {
    await this.queues
      .queue<AisDeriveRequest>(JOB_QUEUES.aisDerive)
      .add('ingest', request, { jobId: `batch-${request.batchId}` });
  }
}
