import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { DataSource } from 'typeorm';
import { isUuid, portfolioNotFound } from './portfolio-not-found';
import { PortfolioRefreshRepository } from './portfolio-refresh.repository';
import {
  PORTFOLIO_REFRESH_LISTENER,
  PortfolioRefreshListener,
  PortfolioRefreshResult,
  PortfolioRefreshRunResult,
  UnassignedRefreshResult,
} from './portfolio-refresh.types';
import { PortfolioSummariesRepository, publicSummary } from './portfolio-summaries.repository';
import { monitorReport, scoreChanges, thresholdCrossings } from './refresh-changes';

/** Portfolios per keyset batch of a whole-table run. */
const BATCH = 500;

/**
 * Copies the current composite of each member's cell into its last_score
 * (see docs/geo-scoring/dashboard.md#refresh): one portfolio on request (POST
 * /api/portfolios/{id}/refresh), or every portfolio and the unassigned monitored locations (the
 * portfolio-monitor job). Each portfolio refreshes in its own transaction under a row lock, and
 * reports what changed: the alerts (threshold crossings) and the monitor report.
 */
@Injectable()
export class PortfolioRefreshService {
  private readonly logger = new Logger(PortfolioRefreshService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: PortfolioRefreshRepository,
    private readonly summaries: PortfolioSummariesRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Optional()
    @Inject(PORTFOLIO_REFRESH_LISTENER)
    private readonly listener: PortfolioRefreshListener | null = null,
  ) {}

  /**
   * Refreshes a portfolio of `userId`; 404 portfolio_not_found when it does not exist, belongs to
   * another user, or `portfolioId` is not a uuid.
   */
  async refreshPortfolio(userId: string, portfolioId: string): Promise<PortfolioRefreshResult> {
    if (!isUuid(portfolioId)) throw portfolioNotFound();
    const result = await this.refresh(portfolioId, userId);
    if (result === undefined) throw portfolioNotFound();
    return result;
  }

  /** Refreshes a portfolio whoever owns it; undefined when it no longer exists. */
  refreshPortfolioById(portfolioId: string): Promise<PortfolioRefreshResult | undefined> {
    if (!isUuid(portfolioId)) return Promise.resolve(undefined);
    return this.refresh(portfolioId, undefined);
  }

  /**
   * Refreshes every portfolio (id order, one transaction each; a portfolio deleted meanwhile is
   * skipped), then the monitored locations outside any portfolio.
   */
  async refreshAll(): Promise<PortfolioRefreshRunResult> {
    const portfolios: PortfolioRefreshResult[] = [];
    let after: string | null = null;
    for (;;) {
      const ids = await this.repository.idsAfter(after, BATCH);
      for (const id of ids) {
        const result = await this.refresh(id, undefined);
        if (result !== undefined) portfolios.push(result);
      }
      if (ids.length < BATCH) break;
      after = ids[ids.length - 1] ?? null;
    }
    const unassigned = await this.refreshUnassigned();
    return { portfolios, unassigned };
  }

  /** Refreshes the monitored locations that belong to no portfolio (every user's). */
  refreshUnassigned(): Promise<UnassignedRefreshResult> {
    return this.repository.refreshUnassigned(this.clock.now());
  }

  private async refresh(
    portfolioId: string,
    ownerId: string | undefined,
  ): Promise<PortfolioRefreshResult | undefined> {
    const result = await this.dataSource.transaction(async (manager) => {
      const repository = this.repository.withTransaction(manager);
      const portfolio = await repository.lock(portfolioId);
      if (portfolio === undefined) return undefined;
      if (ownerId !== undefined && portfolio.user_id !== ownerId) return undefined;
      const now = this.clock.now();
      const members = await repository.refreshMembers(portfolioId, now);
      await repository.markRefreshed(portfolioId, now);
      const summary = await this.summaries.withTransaction(manager).byId(portfolioId);
      if (summary === undefined) return undefined;
      const changes = scoreChanges(members);
      const refreshedAt = now.toISOString();
      const refreshed: PortfolioRefreshResult = {
        userId: portfolio.user_id,
        refreshed: members.length,
        scored: members.filter((member) => member.score !== null).length,
        refreshedAt,
        portfolio: publicSummary(summary),
        changes,
        alerts: thresholdCrossings(summary, changes),
        report: monitorReport(publicSummary(summary), refreshedAt, changes),
      };
      await this.listener?.inTransaction(refreshed, manager);
      return refreshed;
    });
    if (result !== undefined && this.listener?.afterCommit !== undefined) {
      try {
        await this.listener.afterCommit(result);
      } catch (error) {
        this.logger.error(
          { err: error, portfolioId },
          'portfolio refresh committed; its after-commit step failed',
        );
      }
    }
    return result;
  }
}
