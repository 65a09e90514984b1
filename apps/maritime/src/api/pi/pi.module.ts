import { Module } from '@nestjs/common';

/** P&I clubs, coverage and the CSV import. */
@Module({})
export class PiModule {}
