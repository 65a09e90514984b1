import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { CellsService } from './cells.service';
import { CellParams } from './dto/cell.params';
import { ReadCacheable, ReadCached } from '../../platform/read-cache/read-cache.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { CellResponse } from './dto/cell.response';

@ApiTags('cells')
@RateLimit('public')
@EdgeCache('public')
@ReadCacheable()
@Controller('api/cells')
export class CellsController {
  constructor(private readonly cells: CellsService) {}

  @Get(':h3Index')
  @ReadCached('cell')
  @ApiOperation({
    summary: 'Current score of one H3 resolution-8 cell',
    description:
      'Full score row (composite, confidence, the eight signals), tier, robustness class, ' +
      'location name and when it was scored.',
  })
  @ApiOkResponse({ type: CellResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (not a valid resolution-8 cell)' })
  @ApiResponse({ status: 404, description: '`cell_not_found` (valid cell without a score)' })
  getCell(
    @Param() params: CellParams,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<CellResponse> {
    return this.cells.getCell(params.h3Index);
  }
}
