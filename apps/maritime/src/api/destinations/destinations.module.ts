import { Module } from '@nestjs/common';

/** Destination prediction, its model, and declared-destination reliability. */
@Module({})
export class DestinationsModule {}
