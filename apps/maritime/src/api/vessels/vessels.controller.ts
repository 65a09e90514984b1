import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { HistoryQuery, ImoParams, PositionsQuery, VesselsQuery } from './dto/vessels.query';
import { VesselsService } from './vessels.service';

@ApiTags('vessels')
@Controller('api/v1/vessels')
export class VesselsController {
  constructor(@Inject(VesselsService) private readonly vessels: VesselsService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'Vessels by type, flag, risk tier or name prefix, in IMO order' })
  list(@Query() query: VesselsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.vessels.list(query, caller);
  }

  @Get(':imo')
  @PublicRoute()
  @ApiOperation({ summary: 'One vessel: particulars, risk and last position' })
  get(@Param() params: ImoParams, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.vessels.get(params.imo, caller);
  }

  @Get(':imo/positions')
  @KeyRoute('free')
  @ApiOperation({ summary: "A vessel's AIS positions (free: the last 7 days)" })
  positions(
    @Param() params: ImoParams,
    @Query() query: PositionsQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.vessels.positions(params.imo, query, caller);
  }

  @Get(':imo/voyages')
  @KeyRoute('starter')
  @ApiOperation({ summary: "A vessel's voyages, newest first" })
  voyages(
    @Param() params: ImoParams,
    @Query() query: HistoryQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.vessels.voyages(params.imo, query, caller);
  }

  @Get(':imo/port-calls')
  @KeyRoute('starter')
  @ApiOperation({ summary: "A vessel's port calls, newest first" })
  portCalls(
    @Param() params: ImoParams,
    @Query() query: HistoryQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.vessels.vesselPortCalls(params.imo, query, caller);
  }
}
