import { Module } from '@nestjs/common';

/** The destination-train queue. */
@Module({})
export class DestinationTrainJobModule {}
