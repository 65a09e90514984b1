import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { EdgeCache } from '../../platform/api-policy/cache-control.decorator';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { ScoreTrendsQuery } from './dto/score-trends.query';
import { CellTrendResponse, MetroTrendResponse } from './dto/score-trends.response';
import { ScoreTrendsService } from './score-trends.service';

@ApiTags('discovery')
@RateLimit('public')
@EdgeCache('public')
@ApiExtraModels(MetroTrendResponse, CellTrendResponse)
@Controller('api/score-trends')
export class ScoreTrendsController {
  constructor(private readonly scoreTrends: ScoreTrendsService) {}

  @Get()
  @ApiOperation({
    summary: 'Daily score history of a metro or of one cell',
    description:
      'Exactly one of metro (average composite per snapshot date) or h3_index (the cell ' +
      'snapshots). `days=N` is the last N UTC calendar days including today; dates ascend.',
  })
  @ApiOkResponse({
    description: 'MetroTrendResponse with metro, CellTrendResponse with h3_index',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(MetroTrendResponse) },
        { $ref: getSchemaPath(CellTrendResponse) },
      ],
    },
  })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_request` (neither or both of metro/h3_index, bad cell, days or profile, unknown parameter)',
  })
  @ApiResponse({
    status: 404,
    description: '`metro_not_found` / `cell_not_found` (cell never scored)',
  })
  trends(@Query() query: ScoreTrendsQuery): Promise<MetroTrendResponse | CellTrendResponse> {
    return this.scoreTrends.trends(query);
  }
}
