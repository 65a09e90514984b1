import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ReadCacheable, ReadCached } from '../../platform/read-cache/read-cache.decorator';
import { DiscoverService } from './discover.service';
import { DiscoverQuery } from './dto/discover.query';
import { DiscoverResponse } from './dto/discover.response';

@ApiTags('discovery')
@RateLimit('public')
@EdgeCache('public')
@ReadCacheable()
@Controller('api/discover')
export class DiscoverController {
  constructor(private readonly discoverService: DiscoverService) {}

  @Get()
  @ReadCached('discover')
  @ApiOperation({
    summary: 'Filter scored cells by composite, business and safety thresholds',
    description:
      'Thresholds are inclusive integers 0..100; total counts every match; results are ordered ' +
      'by composite descending, then h3_index.',
  })
  @ApiOkResponse({ type: DiscoverResponse })
  @ApiResponse({
    status: 400,
    description: '`invalid_request` (bad threshold or limit, unknown parameter)',
  })
  @ApiResponse({ status: 404, description: '`metro_not_found`' })
  discover(@Query() query: DiscoverQuery): Promise<DiscoverResponse> {
    return this.discoverService.discover(query);
  }
}
