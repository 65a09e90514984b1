import { Module } from '@nestjs/common';
import { TradeRoutesController } from './trade-routes.controller';
import { TradeRoutesRepository } from './trade-routes.repository';
import { TradeRoutesService } from './trade-routes.service';

/** Route flows, shifts and destination deceptions. */
@Module({
  controllers: [TradeRoutesController],
  providers: [TradeRoutesRepository, TradeRoutesService],
})
export class TradeRoutesModule {}
