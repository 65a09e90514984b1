import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { FreightRateBody, FreightRatesQuery } from './dto/freight-rates.dto';
import { FreightRatesService } from './freight-rates.service';

@ApiTags('market data')
@Controller('api/v1/freight-rates')
export class FreightRatesController {
  constructor(@Inject(FreightRatesService) private readonly rates: FreightRatesService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'Freight-rate assessments, newest first (index and submitted)' })
  list(@Query() query: FreightRatesQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rates.list(query, caller);
  }

  @Post()
  @HttpCode(201)
  @KeyRoute('free')
  @ApiOperation({ summary: 'Submits a freight-rate assessment (never feeds earnings)' })
  submit(@Body() body: FreightRateBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.rates.submit(body, caller);
  }
}
