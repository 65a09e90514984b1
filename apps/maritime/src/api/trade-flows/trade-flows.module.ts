import { Module } from '@nestjs/common';
import { TradeExposureRepository } from './trade-exposure.repository';
import { TradeFlowsController } from './trade-flows.controller';
import { TradeFlowsRepository } from './trade-flows.repository';
import { TradeFlowsService } from './trade-flows.service';

/** Trade flows, mirror discrepancies, sanctions matches and entities. */
@Module({
  controllers: [TradeFlowsController],
  providers: [TradeFlowsRepository, TradeExposureRepository, TradeFlowsService],
})
export class TradeFlowsModule {}
