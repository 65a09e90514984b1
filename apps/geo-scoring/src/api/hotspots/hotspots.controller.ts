import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { CrimeHotspotsQuery, PermitHotspotsQuery } from './dto/hotspots.query';
import { CrimeHotspotsResponse, PermitHotspotsResponse } from './dto/hotspots.response';
import { HotspotsService } from './hotspots.service';

@ApiTags('analytics')
@RateLimit('public')
@EdgeCache('public')
@ApiResponse({
  status: 400,
  description: '`invalid_request` (missing metro_slug, bad value, unknown parameter)',
})
@ApiResponse({ status: 404, description: '`metro_not_found`' })
@ApiResponse({ status: 429, description: '`rate_limited`' })
@Controller('api')
export class HotspotsController {
  constructor(private readonly hotspots: HotspotsService) {}

  @Get('permits/hotspots')
  @ApiOperation({
    summary: 'Cells of a metro with the most building permits filed in the last `days` days',
  })
  @ApiOkResponse({ type: PermitHotspotsResponse })
  permits(@Query() query: PermitHotspotsQuery): Promise<PermitHotspotsResponse> {
    return this.hotspots.permits(query);
  }

  @Get('crime/hotspots')
  @ApiOperation({
    summary: 'Cells of a metro with the most crime incidents in the last `days` days, with trend',
  })
  @ApiOkResponse({ type: CrimeHotspotsResponse })
  crime(@Query() query: CrimeHotspotsQuery): Promise<CrimeHotspotsResponse> {
    return this.hotspots.crime(query);
  }
}
