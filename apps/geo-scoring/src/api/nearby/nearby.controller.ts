import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ReadCacheable, ReadCached } from '../../platform/read-cache/read-cache.decorator';
import { NearbyQueryDto } from './dto/nearby-query.dto';
import { NearbyResponse } from './dto/nearby.response';
import { NearbyService } from './nearby.service';

@ApiTags('discovery')
@ReadCacheable()
@Controller('api/nearby')
export class NearbyController {
  constructor(private readonly nearby: NearbyService) {}

  @Get()
  @RateLimit('public')
  @EdgeCache('public')
  @ReadCached('nearby')
  @ApiOperation({
    summary: 'Records within 1 km of a point',
    description:
      'Counts and the 5 newest records per type within 1,000 m (haversine) of the point: permits ' +
      'filed, crime incidents and zoning-board decisions of the last 365 days, business licences ' +
      'active today, construction sites last detected in the last 365 days.',
  })
  @ApiOkResponse({ type: NearbyResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (missing or out-of-range lat/lng)' })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  get(@Query() query: NearbyQueryDto): Promise<NearbyResponse> {
    return this.nearby.nearby(query);
  }
}
