import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { PopulationRepository } from '../../pipeline/population/population.repository';
import { JOB_QUEUES } from '../job-queues';

/**
 * After a tracts / cell-tracts ingest: refreshes cell_population. No advisory lock needed: the
 * refresh takes an EXCLUSIVE lock on the view itself, so two at once just run one after the
 * other, and the enqueue side collapses repeats.
 */
@Injectable()
export class PopulationRefreshProcessor implements OnModuleInit {
  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(PopulationRepository) private readonly population: PopulationRepository,
  ) {}

  onModuleInit(): void {
    this.queues.process(JOB_QUEUES.populationRefresh, () => this.run());
  }

  async run(): Promise<void> {
    await this.population.refresh();
  }
}
