import { Inject, Injectable } from '@nestjs/common';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import { PopulationRepository } from '../../pipeline/population/population.repository';
import { JOB_QUEUES } from '../job-queues';

/**
 * After a tracts / cell-tracts ingest: refreshes cell_population. Not exclusive: the refresh
 * takes an EXCLUSIVE lock on the view itself, so two at once just run one after the other, and
 * the enqueue side collapses repeats.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.populationRefresh)
export class PopulationRefreshProcessor implements JobProcessor<unknown, void> {
  constructor(@Inject(PopulationRepository) private readonly population: PopulationRepository) {}

  async process(): Promise<void> {
    await this.population.refresh();
  }
}
