import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../../platform/api-keys/api-key.guard';
import { SpatialDiagnosticsQuery } from './dto/spatial-diagnostics.query';
import { SpatialDiagnosticsResponse } from './dto/spatial-diagnostics.response';
import { SpatialOutliersService } from './spatial-outliers.service';

// No @EdgeCache: /api/v1 answers are per key, so they keep the default `private, no-store`.
@ApiTags('v1')
@ApiBearerAuth('api-key')
@UseGuards(ApiKeyGuard)
@Controller('api/v1/spatial-diagnostics')
export class SpatialOutliersController {
  constructor(private readonly spatialOutliers: SpatialOutliersService) {}

  @Get()
  @ApiOperation({
    summary: "Spatial outliers and clusters of the current Local Moran's I runs",
    description:
      'Reads the current spatial-diagnostics run of each metro (999 conditional permutations, ' +
      'seeded). Without `type`: HL and LH cells with p ≤ 0.05; TDA_DONUT cells are listed ' +
      'only with type=TDA_DONUT. p_value is esda p_sim (folded, not doubled).',
  })
  @ApiOkResponse({ type: SpatialDiagnosticsResponse })
  @ApiResponse({ status: 400, description: '`invalid_request`' })
  @ApiResponse({ status: 401, description: '`api_key_required` / `invalid_api_key`' })
  @ApiResponse({ status: 404, description: '`metro_not_found`' })
  @ApiResponse({ status: 429, description: '`rate_limited` (600/min per key)' })
  outliers(@Query() query: SpatialDiagnosticsQuery): Promise<SpatialDiagnosticsResponse> {
    return this.spatialOutliers.outliers(query);
  }
}
