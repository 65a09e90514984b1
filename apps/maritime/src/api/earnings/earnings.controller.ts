import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { PublicRoute } from '../../platform/access/route-access';
import { EarningsQuery, PortRevenueQuery } from './dto/earnings.query';
import { EarningsService } from './earnings.service';

@ApiTags('market data')
@Controller('api/v1/earnings')
export class EarningsController {
  constructor(@Inject(EarningsService) private readonly earnings: EarningsService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'Voyage earnings (time-charter equivalent), newest arrival first' })
  list(@Query() query: EarningsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.earnings.earnings(query, caller);
  }

  @Get('port-revenue')
  @PublicRoute()
  @ApiOperation({ summary: 'Port dues and cargo handling revenue per port and ISO week' })
  portRevenue(@Query() query: PortRevenueQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.earnings.portRevenue(query, caller);
  }
}
