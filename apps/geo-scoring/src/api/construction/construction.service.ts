import { Injectable } from '@nestjs/common';
import { addDays } from '@platform/geo-domain';
import { MetrosRepository } from '../metros/metros.repository';
import { ConstructionQueryDto } from './dto/construction-query.dto';
import { ConstructionResponse } from './dto/construction.response';
import { ConstructionRepository } from './construction.repository';

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** GET /api/construction (design 2.8 construction). */
@Injectable()
export class ConstructionService {
  constructor(
    private readonly metros: MetrosRepository,
    private readonly repository: ConstructionRepository,
  ) {}

  async detections(
    query: ConstructionQueryDto,
    today: string = todayUtc(),
  ): Promise<ConstructionResponse> {
    const metro = await this.metros.require(query.metro_slug);
    const { total, detections } = await this.repository.detections({
      metro: metro.slug,
      // The last `days` UTC calendar days including today (design 0).
      from: addDays(today, -(query.days - 1)),
      to: today,
      minAreaSqft: query.min_area_sqft,
      limit: query.limit,
    });
    return { metro: metro.slug, days: query.days, total_detections: total, detections };
  }
}
