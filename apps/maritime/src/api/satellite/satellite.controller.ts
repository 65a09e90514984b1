import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { PublicRoute } from '../../platform/access/route-access';
import { HealthQuery, ProductionQuery, RegionsQuery } from './dto/satellite.dto';
import { SatelliteService } from './satellite.service';

@ApiTags('satellite')
@Controller('api/v1/satellite')
export class SatelliteController {
  constructor(@Inject(SatelliteService) private readonly satellite: SatelliteService) {}

  @Get('regions')
  @PublicRoute()
  @ApiOperation({ summary: 'Monitored crop regions, their export ports and latest NDVI health' })
  regions(@Query() query: RegionsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.satellite.regions(query, caller);
  }

  @Get('health')
  @PublicRoute()
  @ApiOperation({
    summary:
      'NDVI composites with deviation from baseline, health and season-to-date yield, newest first',
  })
  health(@Query() query: HealthQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.satellite.health(query, caller);
  }

  @Get('production')
  @PublicRoute()
  @ApiOperation({ summary: 'Season production estimates per region and their export-port split' })
  production(@Query() query: ProductionQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.satellite.production(query, caller);
  }
}
