import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { MetrosResponse } from './dto/metros.response';
import { MetrosService } from './metros.service';

@ApiTags('metros')
@RateLimit('public')
@EdgeCache('public')
@Controller('api/metros')
export class MetrosController {
  constructor(private readonly metros: MetrosService) {}

  @Get()
  @ApiOperation({
    summary: 'Scored metros with their cell and scored-cell counts',
    description: 'No parameters; unknown query parameters are refused.',
  })
  @ApiOkResponse({ type: MetrosResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (unknown query parameter)' })
  list(@Query(NoQueryParams) _query: Record<string, never>): Promise<MetrosResponse> {
    return this.metros.list();
  }
}
