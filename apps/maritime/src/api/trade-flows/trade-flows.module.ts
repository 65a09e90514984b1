import { Module } from '@nestjs/common';

/** Trade flows, mirror discrepancies, sanctions matches and entities. */
@Module({})
export class TradeFlowsModule {}
