import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import {
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ReadCacheable, ReadCached } from '../../platform/read-cache/read-cache.decorator';
import { HeatmapCollection } from './dto/heatmap.response';
import {
  GEOJSON_MEDIA_TYPE,
  GeoJsonContentTypeInterceptor,
} from './geojson-content-type.interceptor';
import { HEATMAP_DIMENSIONS, HeatmapsService } from './heatmaps.service';

const QUERY_IGNORED =
  'Takes no query parameters: any query string is ignored (edge-cache busters), not refused. ' +
  'Rate limited (policy heatmap: 60/min per client IP, one counter for both heatmaps; ' +
  'X-RateLimit-* headers, 429 rate_limited with Retry-After). Cached at the edge for an hour.';

// No @Query() binding on purpose: the global ValidationPipe would refuse unknown parameters.
@ApiTags('analytics')
@RateLimit('heatmap')
@EdgeCache('heatmap')
@UseInterceptors(GeoJsonContentTypeInterceptor)
@ReadCacheable()
@Controller('api')
export class HeatmapsController {
  constructor(private readonly heatmaps: HeatmapsService) {}

  @Get('activity-heatmap')
  @ReadCached('activity-heatmap')
  @ApiOperation({
    summary: 'Activity heatmap: events per H3 res-5 hexagon over the last 90 days',
    description: QUERY_IGNORED,
  })
  @ApiProduces(GEOJSON_MEDIA_TYPE)
  @ApiOkResponse({ type: HeatmapCollection })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  @ApiInternalServerErrorResponse({ description: '`heatmap_query_failed`' })
  activity(): Promise<HeatmapCollection> {
    return this.heatmaps.activity();
  }

  @Get('heatmap/:dimension')
  @ReadCached('heatmap-dimension')
  @ApiOperation({
    summary: 'Heatmap of one dimension per H3 res-5 hexagon over the last 90 days',
    description: `crime: weight = Σ incident magnitude. ${QUERY_IGNORED}`,
  })
  @ApiParam({ name: 'dimension', enum: HEATMAP_DIMENSIONS })
  @ApiProduces(GEOJSON_MEDIA_TYPE)
  @ApiOkResponse({ type: HeatmapCollection })
  @ApiResponse({ status: 400, description: '`unsupported_dimension`' })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  @ApiInternalServerErrorResponse({ description: '`heatmap_query_failed`' })
  dimension(@Param('dimension') dimension: string): Promise<HeatmapCollection> {
    return this.heatmaps.dimension(dimension);
  }
}
