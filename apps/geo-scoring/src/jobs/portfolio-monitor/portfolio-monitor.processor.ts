import { Inject, Injectable } from '@nestjs/common';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import { PortfolioRefreshService } from '../../pipeline/portfolio-refresh/portfolio-refresh.service';
import { JOB_QUEUES } from '../job-queues';

export interface PortfolioMonitorResult {
  portfolios: number;
  /** Members scored across every portfolio. */
  scored: number;
  alerts: number;
  unassigned: { refreshed: number; scored: number };
}

/**
 * Daily 06:00 UTC and after each score refresh: refreshes every portfolio (each in its own
 * transaction, which also writes its alert.triggered and monitor.report events) and the
 * monitored locations outside any portfolio. One run at a time across replicas (the queue's
 * global concurrency is 1), so a trigger during a run waits for it instead of being skipped.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.portfolioMonitor, { lockDurationMs: 120_000 })
export class PortfolioMonitorProcessor implements JobProcessor<unknown, PortfolioMonitorResult> {
  constructor(@Inject(PortfolioRefreshService) private readonly refresh: PortfolioRefreshService) {}

  async process(): Promise<PortfolioMonitorResult> {
    const run = await this.refresh.refreshAll();
    return {
      portfolios: run.portfolios.length,
      scored: run.portfolios.reduce((sum, portfolio) => sum + portfolio.scored, 0),
      alerts: run.portfolios.reduce((sum, portfolio) => sum + portfolio.alerts.length, 0),
      unassigned: run.unassigned,
    };
  }
}
