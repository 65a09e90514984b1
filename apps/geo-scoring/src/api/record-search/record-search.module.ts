import { Module } from '@nestjs/common';
import { DashboardSessionModule } from '../../platform/api-policy/dashboard-session.module';
import { BusinessLicensesRepository } from './business-licenses.repository';
import { BusinessLicensesService } from './business-licenses.service';
import { RecordSearchController } from './record-search.controller';
import { ZbaDecisionsRepository } from './zba-decisions.repository';
import { ZbaDecisionsService } from './zba-decisions.service';

/**
 * Session-only record search: GET /api/business-licenses/search and /api/zba-decisions/search
 * (see docs/geo-scoring/dashboard.md#record-search). MetrosRepository is global.
 */
@Module({
  imports: [DashboardSessionModule],
  controllers: [RecordSearchController],
  providers: [
    BusinessLicensesRepository,
    BusinessLicensesService,
    ZbaDecisionsRepository,
    ZbaDecisionsService,
  ],
})
export class RecordSearchModule {}
