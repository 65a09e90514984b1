import { Module } from '@nestjs/common';

/** The river-levels-check queue. */
@Module({})
export class RiverLevelsCheckJobModule {}
