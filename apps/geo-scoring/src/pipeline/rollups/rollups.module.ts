import { Module } from '@nestjs/common';
import { RollupsRepository } from './rollups.repository';

/** Rebuilds of the daily rollups: rollup-reconcile, `tools geo rollups` and the seed. */
@Module({
  providers: [RollupsRepository],
  exports: [RollupsRepository],
})
export class RollupsModule {}
