import { Module } from '@nestjs/common';

/** The reliability-recompute queue. */
@Module({})
export class ReliabilityRecomputeJobModule {}
