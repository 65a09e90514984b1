import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '../../platform/api-policy/rate-limit.decorator';
import { SimilarCellsRequest } from './dto/similar-cells.request';
import { SimilarCellsResponse } from './dto/similar-cells.response';
import { SimilarCellsService } from './similar-cells.service';

@ApiTags('discovery')
@RateLimit('similar')
@Controller('api/cells/similar')
export class SimilarCellsController {
  constructor(private readonly similar: SimilarCellsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Look-alike cells of a source cell (exact cosine search)',
    description:
      'Exact search over every current res-8 score. Excludes the source, cells ' +
      'lacking the vector(s) the mode needs, and other metros when sameMetroOnly. Ordered ' +
      'similarity DESC, h3_index ASC. A source that cannot be compared answers 200 with ' +
      'found=false and a reason. Rate limit: 30/min per client IP.',
  })
  @ApiOkResponse({ type: SimilarCellsResponse })
  @ApiResponse({
    status: 400,
    description:
      '`invalid_request` (h3Index missing or not a valid res-8 cell, bad mode, non-integer ' +
      'limit, non-boolean sameMetroOnly, unknown field); `invalid_json` (malformed body)',
  })
  @ApiResponse({ status: 429, description: '`rate_limited`' })
  find(@Body() body: SimilarCellsRequest): SimilarCellsResponse {
    return this.similar.find(body);
  }
}
