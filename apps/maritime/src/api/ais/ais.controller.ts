import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AisIngestService, IngestResult } from '../../pipeline/ais-ingest/ais-ingest.service';
import { readTextBody, requireContentType } from '../../pipeline/ais-ingest/text-body';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { parseInstant } from '../../platform/validation/maritime-validators';
import { AisService } from './ais.service';
import { IngestQuery, LatestLocationParams } from './dto/ais.dto';
import { LATEST_LOCATION_OPENAPI } from './latest-location.openapi';

const MAX_NMEA_BYTES = 5 * 1024 * 1024;

@ApiTags('ais')
@Controller('api/v1/ais')
export class AisController {
  constructor(
    @Inject(AisService) private readonly ais: AisService,
    @Inject(AisIngestService) private readonly ingestion: AisIngestService,
  ) {}

  @Post('ingest')
  @HttpCode(200)
  @KeyRoute('admin')
  @ApiConsumes('text/plain')
  @ApiOperation({
    summary: 'NMEA 0183 AIVDM lines (tag blocks allowed), at most 5 MB and 20,000 lines',
  })
  async ingest(@Req() request: Request, @Query() query: IngestQuery): Promise<IngestResult> {
    requireContentType(request.headers['content-type'], 'text/plain');
    const text = await readTextBody(request, MAX_NMEA_BYTES);
    return this.ingestion.ingest(
      text,
      query.received_at === undefined ? undefined : (parseInstant(query.received_at) as Date),
    );
  }

  @Get('openapi.json')
  @PublicRoute()
  @ApiExcludeEndpoint()
  openApi(): unknown {
    return LATEST_LOCATION_OPENAPI;
  }

  @Get(':provider/:imo/location/latest')
  @PublicRoute()
  @ApiOperation({
    summary:
      "A vessel's newest position in the last 30 days (own OpenAPI 3.1: /api/v1/ais/openapi.json)",
  })
  latest(@Param() params: LatestLocationParams, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.ais.latestLocation(params.provider, params.imo, caller);
  }
}
