import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { AnalystRoute } from '../../platform/access/route-access';
import { ImoParams } from '../vessels/dto/vessels.query';
import { archiveTarball } from './case-archive';
import { CaseFilesService } from './case-files.service';
import { CaseExportQuery, CaseFilesQuery, CreateCaseBody } from './dto/case-files.dto';
import { ReconciliationService } from './reconciliation.service';

@ApiTags('investigations')
@Controller('api/v1/vessels/:imo/case-files')
export class CaseFilesController {
  constructor(
    @Inject(CaseFilesService) private readonly cases: CaseFilesService,
    @Inject(ReconciliationService) private readonly reconciliation: ReconciliationService,
  ) {}

  @Get()
  @AnalystRoute()
  @ApiOperation({ summary: "The owner's case files on a vessel, newest first" })
  list(
    @Param() params: ImoParams,
    @Query() query: CaseFilesQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.cases.list(params.imo, query, caller);
  }

  @Post()
  @AnalystRoute()
  @ApiOperation({
    summary: 'Opens a case on an alert (evidence captured once), or replaces its notes and tags',
  })
  async create(
    @Param() params: ImoParams,
    @Body() body: CreateCaseBody,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const result = await this.cases.upsert(params.imo, body, caller);
    response.status(result.created ? 201 : 200);
    return result.body;
  }

  @Get('export')
  @AnalystRoute()
  @ApiProduces('application/json', 'application/x-tar')
  @ApiOperation({
    summary: 'A verifiable archive of a case: files, SHA-256 manifest and metadata (JSON or tar)',
  })
  async export(
    @Param() params: ImoParams,
    @Query() query: CaseExportQuery,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const archive = await this.cases.archive(params.imo, query, caller);
    const base = `case-${params.imo}-${archive.metadata.case_id}`;
    if (query.format === 'tar') {
      response.setHeader('Content-Type', 'application/x-tar');
      response.setHeader('Content-Disposition', `attachment; filename="${base}.tar"`);
      response.send(archiveTarball(archive));
      return undefined;
    }
    response.setHeader('Content-Disposition', `attachment; filename="${base}.json"`);
    return { archive };
  }

  @Get('reconciliation')
  @AnalystRoute()
  @ApiOperation({
    summary: "Cross-reference of a vessel's trades, mirror discrepancies and sanctions matches",
  })
  reconcile(@Param() params: ImoParams): Promise<unknown> {
    return this.reconciliation.reconcile(params.imo);
  }
}
