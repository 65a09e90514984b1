import { Module } from '@nestjs/common';
import { DashboardSessionModule } from '../../platform/api-policy/dashboard-session.module';
import { MonitoredLocationsRepository } from '../portfolios/monitored-locations.repository';
import { MonitoredLocationsController } from './monitored-locations.controller';
import { MonitoredLocationsService } from './monitored-locations.service';

/** /api/monitored-locations (see docs/geo-scoring/dashboard.md#monitored-locations). */
@Module({
  imports: [DashboardSessionModule],
  controllers: [MonitoredLocationsController],
  providers: [MonitoredLocationsRepository, MonitoredLocationsService],
})
export class MonitoredLocationsModule {}
