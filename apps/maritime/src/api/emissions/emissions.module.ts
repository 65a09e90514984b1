import { Module } from '@nestjs/common';

/** Voyage emissions and the disclosure report. */
@Module({})
export class EmissionsModule {}
