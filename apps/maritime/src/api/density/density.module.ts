import { Module } from '@nestjs/common';

/** Daily vessel density per H3 cell. */
@Module({})
export class DensityModule {}
