import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller } from '../../platform/access/caller';
import { KeyRoute } from '../../platform/access/route-access';
import { CategoriesService } from './categories.service';
import {
  AddEntryBody,
  BulkActionBody,
  BulkAddBody,
  CategoryIdQuery,
  CreateCategoryBody,
  ImoQuery,
  UpdateCategoryBody,
  UpdateEntryBody,
} from './dto/watchlist.dto';
import { ownerOf, WatchlistService } from './watchlist.service';

@ApiTags('watchlist')
@Controller('api/v1/watchlist')
@KeyRoute('free')
export class WatchlistController {
  constructor(
    @Inject(WatchlistService) private readonly watchlist: WatchlistService,
    @Inject(CategoriesService) private readonly categories: CategoriesService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The owner's watched vessels, in display order" })
  list(@CurrentCaller() caller: Caller): Promise<unknown> {
    return this.watchlist.list(caller);
  }

  @Post()
  @ApiOperation({
    summary: 'Watches a vessel: 201 when added, 200 when it was watched already (then updated)',
  })
  async add(
    @Body() body: AddEntryBody,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const result = await this.watchlist.add(caller, body);
    response.status(result.created ? 201 : 200);
    return result;
  }

  @Patch()
  @ApiOperation({ summary: 'Changes a watched vessel; null clears label or category' })
  update(@Body() body: UpdateEntryBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.watchlist.update(caller, body);
  }

  @Delete()
  @ApiOperation({ summary: 'Stops watching a vessel' })
  remove(@Query() query: ImoQuery, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.watchlist.remove(caller, query.imo);
  }

  @Get('categories')
  @ApiOperation({ summary: "The owner's categories (a tree up to 5 levels deep)" })
  listCategories(@CurrentCaller() caller: Caller): Promise<unknown> {
    return this.categories.list(ownerOf(caller));
  }

  @Post('categories')
  @ApiOperation({ summary: 'Creates a category (at most 200 per owner)' })
  createCategory(
    @Body() body: CreateCategoryBody,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.categories.create(ownerOf(caller), body);
  }

  @Patch('categories')
  @ApiOperation({ summary: 'Renames, moves or re-defaults a category' })
  updateCategory(
    @Body() body: UpdateCategoryBody,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.categories.update(ownerOf(caller), body);
  }

  @Delete('categories')
  @ApiOperation({
    summary: 'Deletes a category: its vessels lose the category, its children move to the top',
  })
  removeCategory(
    @Query() query: CategoryIdQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<unknown> {
    return this.categories.remove(ownerOf(caller), query.id);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOperation({ summary: 'Watches up to 100 vessels at once' })
  bulkAdd(@Body() body: BulkAddBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.watchlist.bulkAdd(caller, body);
  }

  @Patch('bulk')
  @ApiOperation({
    summary:
      'One action on up to 100 watched vessels: remove, set_category, set_notify_on, set_label',
  })
  bulkAction(@Body() body: BulkActionBody, @CurrentCaller() caller: Caller): Promise<unknown> {
    return this.watchlist.bulkAction(caller, body);
  }
}
