import { Module } from '@nestjs/common';
import { RiskModule } from '../../pipeline/risk/risk.module';
import { RiverLevelsCheckProcessor } from './river-levels-check.processor';
import { RiverLevelsRepository } from './river-levels.repository';

/** The river-levels-check queue. */
@Module({
  imports: [RiskModule],
  providers: [RiverLevelsRepository, RiverLevelsCheckProcessor],
})
export class RiverLevelsCheckJobModule {}
