import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { TradeFlowsQuery } from './dto/trade-flows.query';
import { TradeFlowsService } from './trade-flows.service';

@ApiTags('trade')
@Controller('api/v1/trade-flows')
export class TradeFlowsController {
  constructor(@Inject(TradeFlowsService) private readonly trade: TradeFlowsService) {}

  @Get()
  @KeyRoute('starter')
  @ApiOperation({
    summary:
      'Bilateral trade by commodity and year: flows, mirror discrepancies, sanctions matches of ' +
      'the carrying vessels, or those vessels as entities',
  })
  read(@Query() query: TradeFlowsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.trade.read(query, caller);
  }
}
