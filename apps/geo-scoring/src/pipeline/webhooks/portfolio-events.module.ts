import { Global, Module } from '@nestjs/common';
import { PORTFOLIO_REFRESH_LISTENER } from '../portfolio-refresh/portfolio-refresh.types';
import { PortfolioEventsWriter } from './portfolio-events.writer';
import { WebhookOutboxModule } from './webhook-outbox.module';

/**
 * Global, so the portfolio refresh (route and monitor job) finds its optional listener and
 * writes alert.triggered and monitor.report without importing webhook code.
 */
@Global()
@Module({
  imports: [WebhookOutboxModule],
  providers: [
    PortfolioEventsWriter,
    { provide: PORTFOLIO_REFRESH_LISTENER, useExisting: PortfolioEventsWriter },
  ],
  exports: [PORTFOLIO_REFRESH_LISTENER],
})
export class PortfolioEventsModule {}
