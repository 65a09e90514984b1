import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../platform/api-policy/current-user.decorator';
import { DashboardRoutes } from '../../platform/api-policy/dashboard-routes.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { PortfolioNameBody } from './dto/portfolio.body';
import {
  PortfolioDeleted,
  PortfolioDetail,
  PortfolioList,
  PortfolioRefreshed,
  PortfolioSummaryResponse,
} from './dto/portfolio.response';
import { PortfoliosService } from './portfolios.service';

const NOT_FOUND = '`portfolio_not_found` (unknown, malformed or another user’s id)';

@DashboardRoutes()
@Controller('api/portfolios')
export class PortfoliosController {
  constructor(private readonly portfolios: PortfoliosService) {}

  @Get()
  @ApiOperation({ summary: "The caller's portfolios with member counts, newest first" })
  @ApiOkResponse({ type: PortfolioList })
  list(
    @CurrentUser() userId: string,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<PortfolioList> {
    return this.portfolios.list(userId);
  }

  @Post()
  @ApiOperation({ summary: 'Create an empty portfolio' })
  @ApiCreatedResponse({ type: PortfolioSummaryResponse })
  @ApiResponse({ status: 400, description: '`invalid_request` (name missing, blank or over 120)' })
  @ApiResponse({
    status: 409,
    description: '`portfolio_name_taken`; `portfolio_limit_reached` (200 per user)',
  })
  create(
    @CurrentUser() userId: string,
    @Query(NoQueryParams) _query: Record<string, never>,
    @Body() body: PortfolioNameBody,
  ): Promise<PortfolioSummaryResponse> {
    return this.portfolios.create(userId, body.name);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A portfolio: its summary and its members in added order' })
  @ApiOkResponse({ type: PortfolioDetail })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  get(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<PortfolioDetail> {
    return this.portfolios.get(userId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a portfolio' })
  @ApiOkResponse({ type: PortfolioSummaryResponse })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  @ApiResponse({ status: 409, description: '`portfolio_name_taken`' })
  rename(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
    @Body() body: PortfolioNameBody,
  ): Promise<PortfolioSummaryResponse> {
    return this.portfolios.rename(userId, id, body.name);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a portfolio; its members move to the unassigned monitor list',
  })
  @ApiOkResponse({ type: PortfolioDeleted })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  delete(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<PortfolioDeleted> {
    return this.portfolios.delete(userId, id);
  }

  @Post(':id/refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: "Set each member's last_score from its cell's current composite",
    description:
      'Members whose cell has no current composite keep their value. Answers how many members ' +
      'were touched (all) and scored, and the new summary.',
  })
  @ApiOkResponse({ type: PortfolioRefreshed })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  refresh(
    @CurrentUser() userId: string,
    @Param('id') id: string,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<PortfolioRefreshed> {
    return this.portfolios.refresh(userId, id);
  }
}
