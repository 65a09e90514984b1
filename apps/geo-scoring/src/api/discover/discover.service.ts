import { Injectable } from '@nestjs/common';
import { round3OrNull } from '../cells/score-format';
import { MetrosRepository } from '../metros/metros.repository';
import { round2, tierOf } from '@platform/geo-domain';
import { DiscoverFilter, DiscoverRepository } from './discover.repository';
import { DiscoverQuery } from './dto/discover.query';
import { DiscoverResponse } from './dto/discover.response';

@Injectable()
export class DiscoverService {
  constructor(
    private readonly repository: DiscoverRepository,
    private readonly metros: MetrosRepository,
  ) {}

  async discover(query: DiscoverQuery): Promise<DiscoverResponse> {
    if (query.metro !== undefined) await this.metros.require(query.metro);
    const filter: DiscoverFilter = {
      metro: query.metro ?? null,
      compositeMin: query.compositeMin ?? null,
      businessMin: query.businessMin ?? null,
      safetyMin: query.safetyMin ?? null,
    };
    const [total, rows] = await Promise.all([
      this.repository.count(filter),
      this.repository.page(filter, query.limit),
    ]);
    return {
      total,
      results: rows.map((row) => {
        const composite = round2(row.composite);
        return {
          h3_index: row.h3_index,
          metro_slug: row.metro_slug,
          location_name: row.location_name,
          composite,
          tier: tierOf(composite),
          robustness_class: row.robustness_class,
          support_stability: round3OrNull(row.support_stability),
        };
      }),
    };
  }
}
