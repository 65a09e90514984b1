import { Controller, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { DATASET_NAMES } from './datasets/dataset';
import { IngestResponse } from './dto/ingest.response';
import { IngestTokenGuard } from './ingest-token.guard';
import { IngestService } from './ingest.service';

@ApiTags('internal')
@ApiBearerAuth('ingest-token')
@UseGuards(IngestTokenGuard)
@Controller('internal/ingest')
export class IngestController {
  constructor(private readonly ingest: IngestService) {}

  @Post(':dataset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ingest NDJSON records of one dataset (in-cluster ETL; not on the public ingress)',
    description:
      'Bearer INGEST_TOKEN. One JSON object per line, `Content-Encoding: gzip` accepted, at most ' +
      '50,000 lines and 64 MB decompressed. Bad lines are rejected one by one; good lines are ' +
      'upserted on their natural keys in transactions of 5,000 rows. `backfill=true` emits no ' +
      'permit.filed events.',
  })
  @ApiParam({ name: 'dataset', enum: DATASET_NAMES })
  @ApiQuery({ name: 'backfill', required: false, enum: ['true', 'false'] })
  @ApiConsumes('application/x-ndjson')
  @ApiBody({ schema: { type: 'string', description: 'NDJSON: one record object per line' } })
  @ApiOkResponse({ type: IngestResponse })
  @ApiResponse({
    status: 400,
    description: '`invalid_request` (bad backfill, unknown parameter, bad gzip)',
  })
  @ApiResponse({ status: 401, description: '`ingest_token_required` / `invalid_ingest_token`' })
  @ApiResponse({ status: 404, description: '`unknown_dataset`' })
  @ApiResponse({
    status: 413,
    description: '`payload_too_large` (> 50,000 lines or 64 MB); nothing committed',
  })
  @ApiResponse({
    status: 415,
    description: '`unsupported_media_type` (not NDJSON, unknown encoding)',
  })
  @ApiResponse({ status: 503, description: '`ingest_disabled` (INGEST_TOKEN not configured)' })
  ingestDataset(
    @Param('dataset') dataset: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
  ): Promise<IngestResponse> {
    return this.ingest.ingestRequest(
      dataset,
      query,
      {
        contentType: request.headers['content-type'],
        contentEncoding: request.headers['content-encoding'],
      },
      request,
    );
  }
}
