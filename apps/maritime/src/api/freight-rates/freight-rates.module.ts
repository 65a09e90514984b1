import { Module } from '@nestjs/common';

/** Freight rates: the index and user submissions. */
@Module({})
export class FreightRatesModule {}
