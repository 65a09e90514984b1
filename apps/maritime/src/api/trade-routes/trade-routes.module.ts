import { Module } from '@nestjs/common';

/** Route flows, shifts and destination deceptions. */
@Module({})
export class TradeRoutesModule {}
