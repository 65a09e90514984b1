import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { CongestionService } from './congestion.service';
import {
  CongestionHistoryQuery,
  CongestionQuery,
  CongestionRefreshBody,
} from './dto/congestion.dto';

@ApiTags('congestion')
@Controller('api/v1/congestion')
export class CongestionController {
  constructor(@Inject(CongestionService) private readonly congestion: CongestionService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary: "Each port's latest congestion snapshot (or one port's), most congested first",
  })
  latest(@Query() query: CongestionQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.congestion.latest(query.port, caller);
  }

  @Get('history')
  @PublicRoute()
  @ApiOperation({ summary: "A port's congestion as hourly or daily means, newest period first" })
  history(
    @Query() query: CongestionHistoryQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.congestion.history(query, caller);
  }

  @Post('refresh')
  @HttpCode(202)
  @KeyRoute('free')
  @ApiOperation({
    summary:
      'Queues a congestion snapshot now (all ports or one); repeats within a minute give the same job',
  })
  refresh(@Body() body: CongestionRefreshBody): Promise<unknown> {
    return this.congestion.refresh(body);
  }
}
