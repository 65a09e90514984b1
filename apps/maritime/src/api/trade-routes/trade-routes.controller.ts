import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { PublicRoute } from '../../platform/access/route-access';
import { DeceptionsQuery, FlowsQuery, ShiftsQuery } from './dto/trade-routes.query';
import { TradeRoutesService } from './trade-routes.service';

@ApiTags('trade routes')
@Controller('api/v1/routes')
export class TradeRoutesController {
  constructor(@Inject(TradeRoutesService) private readonly routes: TradeRoutesService) {}

  @Get('flows')
  @PublicRoute()
  @ApiOperation({
    summary: 'Monthly flows between ports per vessel type, with tonnage and market share',
  })
  flows(@Query() query: FlowsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.routes.flows(query, caller);
  }

  @Get('shifts')
  @PublicRoute()
  @ApiOperation({
    summary: 'Lane-share and chokepoint shifts of a month against the months before',
  })
  shifts(@Query() query: ShiftsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.routes.shifts(query, caller);
  }

  @Get('deceptions')
  @PublicRoute()
  @ApiOperation({ summary: 'Voyages that ended at a port other than the declared destination' })
  deceptions(@Query() query: DeceptionsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.routes.deceptions(query, caller);
  }
}
