import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import { Clock } from '@platform/clock';
import type { Response } from 'express';
import { DashboardRoutes } from '../../platform/api-policy/dashboard-routes.decorator';
import { BusinessLicensesService } from './business-licenses.service';
import { attachment } from './csv-export';
import { BusinessLicenseSearchQuery } from './dto/business-licenses.query';
import {
  BusinessLicenseSearchResponse,
  ZbaDecisionSearchResponse,
} from './dto/record-search.response';
import { ZbaDecisionSearchQuery } from './dto/zba-decisions.query';
import { ZbaDecisionsService } from './zba-decisions.service';

const CSV_DESCRIPTION =
  'At most 200 records per call, keyset-paginated by `cursor`. `format=csv` answers the same ' +
  'page as a CSV attachment (next cursor in `X-Next-Cursor`); cells that would start a ' +
  "spreadsheet formula (= + - @, tab, CR) get a leading `'`.";

@DashboardRoutes()
@ApiProduces('application/json', 'text/csv')
@ApiResponse({ status: 400, description: '`invalid_request`; `invalid_cursor`' })
@Controller('api')
export class RecordSearchController {
  constructor(
    private readonly licences: BusinessLicensesService,
    private readonly decisions: ZbaDecisionsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('business-licenses/search')
  @ApiOperation({ summary: 'Search business licences', description: CSV_DESCRIPTION })
  @ApiOkResponse({ type: BusinessLicenseSearchResponse })
  @ApiResponse({ status: 404, description: '`metro_not_found`' })
  async licenses(
    @Query() query: BusinessLicenseSearchQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BusinessLicenseSearchResponse | string> {
    const page = await this.licences.search(query);
    if (query.format !== 'csv') return page;
    this.csvHeaders(response, 'business-licenses', page.next_cursor);
    return this.licences.toCsv(page.records);
  }

  @Get('zba-decisions/search')
  @ApiOperation({
    summary: 'Search zoning-board decisions, newest decision first by default',
    description: CSV_DESCRIPTION,
  })
  @ApiOkResponse({ type: ZbaDecisionSearchResponse })
  async zbaDecisions(
    @Query() query: ZbaDecisionSearchQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ZbaDecisionSearchResponse | string> {
    const page = await this.decisions.search(query);
    if (query.format !== 'csv') return page;
    this.csvHeaders(response, 'zba-decisions', page.next_cursor);
    return this.decisions.toCsv(page.records);
  }

  private csvHeaders(response: Response, stem: string, nextCursor: string | null): void {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', attachment(stem, this.clock.today()));
    if (nextCursor !== null) response.setHeader('X-Next-Cursor', nextCursor);
  }
}
