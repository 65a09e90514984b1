import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { addDays } from '@platform/geo-domain';
import { MetrosRepository } from '../metros/metros.repository';
import { ConstructionQueryDto } from './dto/construction-query.dto';
import { ConstructionResponse } from './dto/construction.response';
import { ConstructionRepository } from './construction.repository';

/** GET /api/construction (see docs/geo-scoring/analytics.md#construction). */
@Injectable()
export class ConstructionService {
  constructor(
    private readonly metros: MetrosRepository,
    private readonly repository: ConstructionRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async detections(query: ConstructionQueryDto): Promise<ConstructionResponse> {
    const today = this.clock.today();
    const metro = await this.metros.require(query.metro_slug);
    const { total, detections } = await this.repository.detections({
      metro: metro.slug,
      // The last `days` UTC calendar days including today.
      from: addDays(today, -(query.days - 1)),
      to: today,
      minAreaSqft: query.min_area_sqft,
      limit: query.limit,
    });
    return { metro: metro.slug, days: query.days, total_detections: total, detections };
  }
}
