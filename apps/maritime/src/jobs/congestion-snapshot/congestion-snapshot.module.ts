import { Module } from '@nestjs/common';

/** The congestion-snapshot queue. */
@Module({})
export class CongestionSnapshotJobModule {}
