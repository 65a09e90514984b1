import { Module } from '@nestjs/common';
import { PortfolioRefreshRepository } from './portfolio-refresh.repository';
import { PortfolioRefreshService } from './portfolio-refresh.service';
import { PortfolioSummariesRepository } from './portfolio-summaries.repository';

/**
 * Portfolio refreshes (see docs/geo-scoring/dashboard.md#refresh), for the refresh route and the
 * portfolio-monitor job. Events are written by an optional PORTFOLIO_REFRESH_LISTENER provided by
 * a global module.
 */
@Module({
  providers: [PortfolioRefreshRepository, PortfolioSummariesRepository, PortfolioRefreshService],
  exports: [PortfolioRefreshService, PortfolioSummariesRepository],
})
export class PortfolioRefreshModule {}
