import { Module } from '@nestjs/common';

/** Voyage earnings (TCE) and port revenue. */
@Module({})
export class EarningsModule {}
