import { Injectable } from '@nestjs/common';
import { MetrosRepository } from '../metros/metros.repository';
import { TierCounts } from '@platform/geo-domain';
import { TierDistributionQuery } from './dto/tier-distribution.query';
import { TierDistributionResponse } from './dto/tier-distribution.response';
import { TierDistributionRepository } from './tier-distribution.repository';

@Injectable()
export class TierDistributionService {
  constructor(
    private readonly repository: TierDistributionRepository,
    private readonly metros: MetrosRepository,
  ) {}

  async distribution(query: TierDistributionQuery): Promise<TierDistributionResponse> {
    const metro = await this.metros.require(query.metro);
    const counts = await this.repository.tierCounts(metro.slug, query.signal);
    const buckets: TierCounts = { prime: 0, strong: 0, solid: 0, watch: 0, elevated: 0 };
    let total = 0;
    for (const { tier, cells } of counts) {
      buckets[tier] += cells;
      total += cells;
    }
    return { metro: metro.slug, signal: query.signal, total, buckets };
  }
}
