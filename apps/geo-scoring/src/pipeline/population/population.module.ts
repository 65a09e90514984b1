import { Module } from '@nestjs/common';
import { PopulationRepository } from './population.repository';

/** The cell_population refresh: population-refresh and the seed. */
@Module({
  providers: [PopulationRepository],
  exports: [PopulationRepository],
})
export class PopulationModule {}
