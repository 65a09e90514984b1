import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { latLngToCell } from 'h3-js';
import { DataSource } from 'typeorm';
import { isUuid, portfolioNotFound } from '../../pipeline/portfolio-refresh/portfolio-not-found';
import { MembersAdded, MonitoredLocation } from './dto/monitored-location.response';
import { MemberInput } from './members-body.pipe';
import { MonitoredLocationsRepository, NewMember } from './monitored-locations.repository';
import { PortfoliosRepository } from './portfolios.repository';

/** Members one portfolio may hold. */
export const MAX_PORTFOLIO_MEMBERS = 5000;

/** Resolution of the cell every member is scored by. */
export const MEMBER_RESOLUTION = 8;

export function toNewMember(input: MemberInput): NewMember {
  return { ...input, h3_index: latLngToCell(input.lat, input.lng, MEMBER_RESOLUTION) };
}

export function portfolioFull(current: number, adding: number): ApiError {
  return new ApiError(
    409,
    'portfolio_full',
    `A portfolio holds at most ${MAX_PORTFOLIO_MEMBERS} members; it has ${current} and ` +
      `${adding} more were sent`,
  );
}

/** Adding and removing portfolio members (see docs/geo-scoring/dashboard.md#members). */
@Injectable()
export class PortfolioMembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly portfolios: PortfoliosRepository,
    private readonly locations: MonitoredLocationsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async add(userId: string, portfolioId: string, inputs: MemberInput[]): Promise<MembersAdded> {
    const members = await this.insert(userId, portfolioId, inputs.map(toNewMember));
    return { added: members.length, members };
  }

  /**
   * Inserts members into an owned portfolio in one transaction, all or none: 404 when the
   * portfolio is not the user's (or was deleted meanwhile), 409 portfolio_full past the cap.
   */
  async insert(
    userId: string,
    portfolioId: string,
    members: readonly NewMember[],
  ): Promise<MonitoredLocation[]> {
    if (!isUuid(portfolioId)) throw portfolioNotFound();
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.portfolios.withTransaction(manager).lockOwned(userId, portfolioId))) {
        throw portfolioNotFound();
      }
      const locations = this.locations.withTransaction(manager);
      const current = await locations.countInPortfolio(portfolioId);
      if (current + members.length > MAX_PORTFOLIO_MEMBERS) {
        throw portfolioFull(current, members.length);
      }
      return locations.insert(userId, portfolioId, members, this.clock.now());
    });
  }

  /** Room check before slow work (geocoding): 409 portfolio_full when `adding` cannot fit. */
  async checkRoom(userId: string, portfolioId: string, adding: number): Promise<void> {
    if (!isUuid(portfolioId) || !(await this.portfolios.owned(userId, portfolioId))) {
      throw portfolioNotFound();
    }
    const current = await this.locations.countInPortfolio(portfolioId);
    if (current + adding > MAX_PORTFOLIO_MEMBERS) throw portfolioFull(current, adding);
  }

  async remove(userId: string, portfolioId: string, memberId: string): Promise<{ success: true }> {
    if (!isUuid(portfolioId) || !(await this.portfolios.owned(userId, portfolioId))) {
      throw portfolioNotFound();
    }
    if (!isUuid(memberId) || !(await this.locations.deleteMember(userId, portfolioId, memberId))) {
      throw ApiError.notFound('member_not_found', 'Member not found in this portfolio');
    }
    return { success: true };
  }
}
