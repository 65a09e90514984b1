import { Module } from '@nestjs/common';
import { RobustnessRepository } from './robustness.repository';
import { RobustnessService } from './robustness.service';

/** The robustness classifier: its job, `tools geo classify` and the seed. */
@Module({
  providers: [RobustnessRepository, RobustnessService],
  exports: [RobustnessService],
})
export class RobustnessModule {}
