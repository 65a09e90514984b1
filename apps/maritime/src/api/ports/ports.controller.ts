import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { HistoryQuery } from '../vessels/dto/vessels.query';
import { PortParams, PortsQuery } from './dto/ports.query';
import { PortsService } from './ports.service';

@ApiTags('ports')
@Controller('api/v1/ports')
export class PortsController {
  constructor(@Inject(PortsService) private readonly ports: PortsService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'The ports covered, by slug' })
  list(@Query() query: PortsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.ports.list(query.country, caller);
  }

  @Get(':slug')
  @PublicRoute()
  @ApiOperation({ summary: 'One port, with the vessels waiting and at berth now' })
  get(@Param() params: PortParams, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.ports.get(params.slug, caller);
  }

  @Get(':slug/calls')
  @KeyRoute('starter')
  @ApiOperation({ summary: "A port's calls, newest first" })
  calls(
    @Param() params: PortParams,
    @Query() query: HistoryQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.ports.calls(params.slug, query, caller);
  }
}
