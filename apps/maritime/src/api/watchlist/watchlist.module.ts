import { Module } from '@nestjs/common';
import { CategoriesRepository } from './categories.repository';
import { CategoriesService } from './categories.service';
import { WatchlistController } from './watchlist.controller';
import { WatchlistRepository } from './watchlist.repository';
import { WatchlistService } from './watchlist.service';

/** The watchlist: categories and entries per owner. */
@Module({
  controllers: [WatchlistController],
  providers: [WatchlistRepository, CategoriesRepository, WatchlistService, CategoriesService],
})
export class WatchlistModule {}
