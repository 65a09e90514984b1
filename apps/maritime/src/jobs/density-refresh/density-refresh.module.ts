import { Module } from '@nestjs/common';

/** The density-refresh queue. */
@Module({})
export class DensityRefreshJobModule {}
