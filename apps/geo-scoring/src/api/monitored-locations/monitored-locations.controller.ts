import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../platform/api-policy/current-user.decorator';
import { DashboardRoutes } from '../../platform/api-policy/dashboard-routes.decorator';
import { MonitoredLocationIdQuery, MonitoredLocationsQuery } from './dto/monitored-locations.query';
import { MonitoredLocationList } from './dto/monitored-locations.response';
import { MonitoredLocationsService } from './monitored-locations.service';

@DashboardRoutes()
@Controller('api/monitored-locations')
export class MonitoredLocationsController {
  constructor(private readonly locations: MonitoredLocationsService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's monitored locations in added order",
    description:
      '`unassigned=true` lists the ones outside any portfolio (members of deleted portfolios).',
  })
  @ApiOkResponse({ type: MonitoredLocationList })
  @ApiResponse({ status: 400, description: '`invalid_request`; `invalid_cursor`' })
  list(
    @CurrentUser() userId: string,
    @Query() query: MonitoredLocationsQuery,
  ): Promise<MonitoredLocationList> {
    return this.locations.list(userId, query);
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a monitored location (in a portfolio or not)' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiResponse({ status: 404, description: '`monitored_location_not_found` (also another user’s)' })
  delete(
    @CurrentUser() userId: string,
    @Query() query: MonitoredLocationIdQuery,
  ): Promise<{ success: true }> {
    return this.locations.delete(userId, query.id);
  }
}
