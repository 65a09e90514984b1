import { Module } from '@nestjs/common';
import { GeocodingModule } from '../../pipeline/geocoding/geocoding.module';
import { PortfolioRefreshModule } from '../../pipeline/portfolio-refresh/portfolio-refresh.module';
import { DashboardSessionModule } from '../../platform/api-policy/dashboard-session.module';
import { MonitoredLocationsRepository } from './monitored-locations.repository';
import { PortfolioMembersController } from './portfolio-members.controller';
import { PortfolioMembersService } from './portfolio-members.service';
import { PortfoliosController } from './portfolios.controller';
import { PortfoliosRepository } from './portfolios.repository';
import { PortfoliosService } from './portfolios.service';
import { PortfolioUploadService } from './upload/portfolio-upload.service';

/**
 * /api/portfolios: portfolios, their members, refreshes and CSV uploads
 * (see docs/geo-scoring/dashboard.md#portfolios). The upload route's body parsers are mounted by
 * the app (mountUploadBodyParsers), ahead of its JSON parser.
 */
@Module({
  imports: [DashboardSessionModule, PortfolioRefreshModule, GeocodingModule],
  controllers: [PortfoliosController, PortfolioMembersController],
  providers: [
    PortfoliosRepository,
    MonitoredLocationsRepository,
    PortfoliosService,
    PortfolioMembersService,
    PortfolioUploadService,
  ],
})
export class PortfoliosModule {}
