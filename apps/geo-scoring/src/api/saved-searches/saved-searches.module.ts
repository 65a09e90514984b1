import { Module } from '@nestjs/common';
import { DashboardSessionModule } from '../../platform/api-policy/dashboard-session.module';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';

/** GET/POST/PATCH/DELETE /api/saved-searches (see docs/geo-scoring/dashboard.md#saved-searches). */
@Module({
  imports: [DashboardSessionModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesRepository, SavedSearchesService],
})
export class SavedSearchesModule {}
