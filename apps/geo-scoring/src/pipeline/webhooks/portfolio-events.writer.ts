import { Inject, Injectable } from '@nestjs/common';
import type { SqlRunner } from '@platform/database';
import type {
  PortfolioRefreshListener,
  PortfolioRefreshResult,
} from '../portfolio-refresh/portfolio-refresh.types';
import { WebhookOutboxRepository } from './webhook-outbox.repository';

/**
 * Turns each portfolio refresh (the route or the portfolio-monitor job) into events for the
 * portfolio owner's webhooks, in the refresh's own transaction: one alert.triggered per member
 * whose score crossed the threshold, then the monitor.report (see
 * docs/geo-scoring/webhooks.md#events). They are enqueued once that transaction commits.
 */
@Injectable()
export class PortfolioEventsWriter implements PortfolioRefreshListener {
  constructor(@Inject(WebhookOutboxRepository) private readonly outbox: WebhookOutboxRepository) {}

  async inTransaction(result: PortfolioRefreshResult, tx: SqlRunner): Promise<void> {
    const outbox = this.outbox.withTransaction(tx);
    await outbox.emit('alert.triggered', result.userId, result.alerts);
    await outbox.emit('monitor.report', result.userId, [result.report]);
  }
}
