import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../../platform/api-policy/current-user.decorator';
import { DashboardRoutes } from '../../platform/api-policy/dashboard-routes.decorator';
import { NoQueryParams } from '../../platform/api-policy/no-query-params.pipe';
import { CreateSavedSearchBody, UpdateSavedSearchBody } from './dto/saved-search.body';
import { SavedSearchIdQuery } from './dto/saved-search-id.query';
import { SavedSearch, SavedSearchList } from './dto/saved-search.response';
import {
  CreateSavedSearchPipe,
  SavedSearchInput,
  UpdateSavedSearchPipe,
} from './saved-search-body.pipe';
import { SavedSearchesService } from './saved-searches.service';

@DashboardRoutes()
@Controller('api/saved-searches')
export class SavedSearchesController {
  constructor(private readonly savedSearches: SavedSearchesService) {}

  @Get()
  @ApiOperation({ summary: "The caller's saved searches, newest first" })
  @ApiOkResponse({ type: SavedSearchList })
  list(
    @CurrentUser() userId: string,
    @Query(NoQueryParams) _query: Record<string, never>,
  ): Promise<SavedSearchList> {
    return this.savedSearches.list(userId);
  }

  @Post()
  @ApiOperation({ summary: 'Save a search: a name and a filter object' })
  @ApiBody({ type: CreateSavedSearchBody })
  @ApiCreatedResponse({ type: SavedSearch })
  @ApiResponse({
    status: 400,
    description: '`invalid_request`; `filter_too_large` (over 8,192 bytes of JSON)',
  })
  @ApiResponse({
    status: 409,
    description: '`saved_search_name_taken`; `saved_search_limit_reached` (200 per user)',
  })
  create(
    @CurrentUser() userId: string,
    @Query(NoQueryParams) _query: Record<string, never>,
    @Body(CreateSavedSearchPipe) body: Required<SavedSearchInput>,
  ): Promise<SavedSearch> {
    return this.savedSearches.create(userId, body);
  }

  @Patch()
  @ApiOperation({ summary: 'Rename a saved search and/or replace its filter' })
  @ApiBody({ type: UpdateSavedSearchBody })
  @ApiOkResponse({ type: SavedSearch })
  @ApiResponse({ status: 400, description: '`invalid_request`; `filter_too_large`' })
  @ApiResponse({ status: 404, description: '`saved_search_not_found` (also another user’s)' })
  @ApiResponse({ status: 409, description: '`saved_search_name_taken`' })
  update(
    @CurrentUser() userId: string,
    @Query() query: SavedSearchIdQuery,
    @Body(UpdateSavedSearchPipe) body: SavedSearchInput,
  ): Promise<SavedSearch> {
    return this.savedSearches.update(userId, query.id, body);
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a saved search' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiResponse({ status: 404, description: '`saved_search_not_found` (also another user’s)' })
  delete(
    @CurrentUser() userId: string,
    @Query() query: SavedSearchIdQuery,
  ): Promise<{ success: true }> {
    return this.savedSearches.delete(userId, query.id);
  }
}
