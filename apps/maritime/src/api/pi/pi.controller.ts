import { Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { readTextBody, requireContentType } from '../../pipeline/ais-ingest/text-body';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute, PublicRoute } from '../../platform/access/route-access';
import { PiCoverageQuery } from './dto/pi.query';
import { PI_IMPORT_MAX_BYTES } from './pi-csv';
import { PiImportResult, PiImportService } from './pi-import.service';
import { PiService } from './pi.service';

/**
 * The import rewrites shared P&I records that feed every caller's risk scores, so it needs the
 * plan that may use every endpoint rather than a read plan.
 */
export const PI_IMPORT_PLAN = 'pro';

@ApiTags('insurance')
@Controller('api/v1')
export class PiController {
  constructor(
    @Inject(PiService) private readonly pi: PiService,
    @Inject(PiImportService) private readonly importer: PiImportService,
  ) {}

  @Get('pi-clubs')
  @PublicRoute()
  @ApiOperation({ summary: 'P&I clubs with IG membership, risk tier and what is entered today' })
  clubs(@CurrentCaller() caller: Caller): Promise<unknown> {
    return this.pi.clubs(caller);
  }

  @Get('pi-coverage')
  @PublicRoute()
  @ApiOperation({ summary: 'P&I entries, newest cover first, with their status today' })
  coverage(@Query() query: PiCoverageQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.pi.coverage(query, caller);
  }

  @Post('pi-coverage/import')
  @HttpCode(200)
  @KeyRoute(PI_IMPORT_PLAN)
  @ApiConsumes('text/csv')
  @ApiOperation({
    summary:
      'Upserts P&I entries from CSV (UTF-8, at most 5 MB and 50,000 rows; header ' +
      'imo_number,club,cover_type,policy_year,inception,expiry,gt_entered in any order)',
  })
  async import(@Req() request: Request, @CurrentCaller() caller: Caller): Promise<PiImportResult> {
    requireContentType(request.headers['content-type'], 'text/csv');
    const text = await readTextBody(request, PI_IMPORT_MAX_BYTES);
    return this.importer.import(text, caller);
  }
}
