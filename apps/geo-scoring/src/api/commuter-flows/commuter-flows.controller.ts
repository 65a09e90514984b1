import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { CommuterFlowsService } from './commuter-flows.service';
import { CommuterFlowsQuery } from './dto/commuter-flows.query';
import { CommuterFlowsResponse } from './dto/commuter-flows.response';

@ApiTags('analytics')
@Controller('api/commuter-flows')
export class CommuterFlowsController {
  constructor(private readonly commuterFlows: CommuterFlowsService) {}

  @Get()
  @RateLimit('public')
  @EdgeCache('public')
  @ApiOperation({
    summary: 'Home-to-work flows into and out of a Census tract (LODES, latest year)',
  })
  @ApiOkResponse({ type: CommuterFlowsResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (tract not 11 digits, bad value)' })
  @ApiResponse({ status: 404, description: '`tract_not_found` (well-formed, unknown GEOID)' })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  flows(@Query() query: CommuterFlowsQuery): Promise<CommuterFlowsResponse> {
    return this.commuterFlows.flows(query);
  }
}
