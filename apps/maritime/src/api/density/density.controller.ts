import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { PublicRoute } from '../../platform/access/route-access';
import { DensityService } from './density.service';
import { DensityQuery } from './dto/density.query';

@ApiTags('forecasts')
@Controller('api/v1/density')
export class DensityController {
  constructor(@Inject(DensityService) private readonly density: DensityService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary: 'Vessel density per res-8 H3 cell for one UTC day and vessel type, busiest first',
  })
  get(@Query() query: DensityQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.density.cells(query, caller);
  }
}
