import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRoute } from '../../platform/access/route-access';
import { ForecastAccuracyQuery, ForecastsQuery } from './dto/forecasts.query';
import { ForecastsService } from './forecasts.service';

@ApiTags('forecasts')
@Controller('api/v1/forecasts')
export class ForecastsController {
  constructor(@Inject(ForecastsService) private readonly forecasts: ForecastsService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary: 'The latest issue of daily port-arrival forecasts, by target day then port',
  })
  list(@Query() query: ForecastsQuery): Promise<unknown> {
    return this.forecasts.latest(query);
  }

  @Get('accuracy')
  @PublicRoute()
  @ApiOperation({
    summary: 'MAE, MAPE and directional accuracy of past forecasts, per port and method',
  })
  accuracy(@Query() query: ForecastAccuracyQuery): Promise<unknown> {
    return this.forecasts.accuracy(query);
  }
}
