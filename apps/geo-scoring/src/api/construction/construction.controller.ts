import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ConstructionQueryDto } from './dto/construction-query.dto';
import { ConstructionResponse } from './dto/construction.response';
import { ConstructionService } from './construction.service';

@ApiTags('data')
@Controller('api/construction')
export class ConstructionController {
  constructor(private readonly construction: ConstructionService) {}

  @Get()
  @RateLimit('public')
  @EdgeCache('public')
  @ApiOperation({
    summary: 'Construction sites detected in a metro',
    description:
      'Detections last seen within the last `days` days with estimated_area_sqft ≥ ' +
      'min_area_sqft, ordered last_detected DESC, estimated_area_sqft DESC; at most `limit` ' +
      'of them, total_detections counts all.',
  })
  @ApiOkResponse({ type: ConstructionResponse })
  @ApiResponse({
    status: 400,
    description: '`invalid_request` (missing metro_slug, bad days/limit, bad min_area_sqft)',
  })
  @ApiResponse({ status: 404, description: '`metro_not_found`' })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  get(@Query() query: ConstructionQueryDto): Promise<ConstructionResponse> {
    return this.construction.detections(query);
  }
}
