import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { PortsQueryDto } from './dto/ports-query.dto';
import { PortsResponse } from './dto/ports.response';
import { PortsService } from './ports.service';

@ApiTags('data')
@Controller('api/ports')
export class PortsController {
  constructor(private readonly ports: PortsService) {}

  @Get()
  @RateLimit('public')
  @EdgeCache('public')
  @ApiOperation({
    summary: 'Monthly container volumes of a port',
    description:
      'The last `months` months up to the latest month with data, ascending; latest_teu and the ' +
      'year-over-year change of that latest month.',
  })
  @ApiOkResponse({ type: PortsResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (missing port_slug, bad months)' })
  @ApiResponse({ status: 404, description: '`port_not_found`' })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  get(@Query() query: PortsQueryDto): Promise<PortsResponse> {
    return this.ports.volumes(query);
  }
}
