import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../platform/api-policy/unique-violation';
import { isUuid, portfolioNotFound } from '../../pipeline/portfolio-refresh/portfolio-not-found';
import { PortfolioRefreshService } from '../../pipeline/portfolio-refresh/portfolio-refresh.service';
import {
  PortfolioSummariesRepository,
  publicSummary,
} from '../../pipeline/portfolio-refresh/portfolio-summaries.repository';
import {
  PortfolioDeleted,
  PortfolioDetail,
  PortfolioList,
  PortfolioRefreshed,
  PortfolioSummaryResponse,
} from './dto/portfolio.response';
import { MonitoredLocationsRepository } from './monitored-locations.repository';
import { PortfoliosRepository } from './portfolios.repository';

/** Portfolios a user may keep. */
export const MAX_PORTFOLIOS = 200;

const NAME_INDEX = 'portfolios_user_name';

function nameTaken(name: string): ApiError {
  return new ApiError(409, 'portfolio_name_taken', `A portfolio named "${name}" exists`);
}

/** A user's portfolios (see docs/geo-scoring/dashboard.md#portfolios). */
@Injectable()
export class PortfoliosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly portfolios: PortfoliosRepository,
    private readonly summaries: PortfolioSummariesRepository,
    private readonly locations: MonitoredLocationsRepository,
    private readonly refresher: PortfolioRefreshService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<PortfolioList> {
    return { portfolios: (await this.summaries.ofUser(userId)).map(publicSummary) };
  }

  async create(userId: string, name: string): Promise<PortfolioSummaryResponse> {
    try {
      const id = await this.dataSource.transaction(async (manager) => {
        const portfolios = this.portfolios.withTransaction(manager);
        await portfolios.lockUser(userId);
        if ((await portfolios.count(userId)) >= MAX_PORTFOLIOS) {
          throw new ApiError(
            409,
            'portfolio_limit_reached',
            `At most ${MAX_PORTFOLIOS} portfolios per user`,
          );
        }
        return portfolios.insert(userId, name, this.clock.now());
      });
      return this.summary(userId, id);
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(name);
      throw error;
    }
  }

  async get(userId: string, portfolioId: string): Promise<PortfolioDetail> {
    const summary = await this.summary(userId, portfolioId);
    return { ...summary, members: await this.locations.inPortfolio(portfolioId) };
  }

  async rename(
    userId: string,
    portfolioId: string,
    name: string,
  ): Promise<PortfolioSummaryResponse> {
    if (!isUuid(portfolioId)) throw portfolioNotFound();
    try {
      const renamed = await this.portfolios.rename(userId, portfolioId, name, this.clock.now());
      if (!renamed) throw portfolioNotFound();
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(name);
      throw error;
    }
    return this.summary(userId, portfolioId);
  }

  /** Drops the portfolio; its members stay, as the user's unassigned monitored locations. */
  async delete(userId: string, portfolioId: string): Promise<PortfolioDeleted> {
    if (!isUuid(portfolioId)) throw portfolioNotFound();
    return this.dataSource.transaction(async (manager) => {
      const portfolios = this.portfolios.withTransaction(manager);
      if (!(await portfolios.lockOwned(userId, portfolioId))) throw portfolioNotFound();
      const unassigned = await this.locations.withTransaction(manager).unassignAll(portfolioId);
      await portfolios.delete(portfolioId);
      return { success: true, unassigned_members: unassigned };
    });
  }

  async refresh(userId: string, portfolioId: string): Promise<PortfolioRefreshed> {
    const result = await this.refresher.refreshPortfolio(userId, portfolioId);
    return { refreshed: result.refreshed, scored: result.scored, portfolio: result.portfolio };
  }

  private async summary(userId: string, portfolioId: string): Promise<PortfolioSummaryResponse> {
    if (!isUuid(portfolioId)) throw portfolioNotFound();
    const summary = await this.summaries.byId(portfolioId);
    if (summary === undefined || summary.user_id !== userId) throw portfolioNotFound();
    return publicSummary(summary);
  }
}
