import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { FEATURE_MINIMUM_PLANS } from '@platform/maritime-domain';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { EmissionsQuery, EmissionsReportQuery } from './dto/emissions.query';
import { reportCsv } from './emissions-report';
import { EmissionsService } from './emissions.service';

@ApiTags('emissions')
@Controller('api/v1/emissions')
export class EmissionsController {
  constructor(@Inject(EmissionsService) private readonly emissions: EmissionsService) {}

  @Get()
  @KeyRoute('starter')
  @ApiOperation({ summary: 'Fuel and CO2 per voyage, vessel or vessel type, with totals' })
  list(@Query() query: EmissionsQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.emissions.list(query, caller);
  }

  @Get('report')
  @KeyRoute(FEATURE_MINIMUM_PLANS.export)
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({ summary: 'Annual per-vessel emissions and CII rating, as JSON or CSV' })
  async report(
    @Query() query: EmissionsReportQuery,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const report = await this.emissions.report(query, caller);
    if (query.format !== 'csv') return report.body;
    const summary = report.body.report as { row_count: number; truncated: boolean };
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="emissions-${report.year}.csv"`,
    );
    response.setHeader('X-Row-Count', String(summary.row_count));
    response.setHeader('X-Truncated', String(summary.truncated));
    response.send(reportCsv(report.rows));
    return undefined;
  }
}
