import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { cellToLatLng } from 'h3-js';
import { trendFromHalves, trendWindows, round2, roundTo } from '@platform/geo-domain';
import { MetrosRepository } from '../metros/metros.repository';
import { CrimeHotspotsQuery, PermitHotspotsQuery } from './dto/hotspots.query';
import { CrimeHotspotsResponse, PermitHotspotsResponse } from './dto/hotspots.response';
import { HotspotsRepository } from './hotspots.repository';

/** per_capita_rate is null below this many residents, like safety_environment. */
export const MIN_POPULATION = 100;

/** Incidents per 1,000 residents, not annualised; null for (nearly) empty cells. */
export function perCapitaRate(incidents: number, population: number | null): number | null {
  if (population === null || !(population >= MIN_POPULATION)) return null;
  return round2((incidents / population) * 1000);
}

@Injectable()
export class HotspotsService {
  constructor(
    private readonly repository: HotspotsRepository,
    private readonly metros: MetrosRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async permits(query: PermitHotspotsQuery): Promise<PermitHotspotsResponse> {
    const today = this.clock.today();
    const metro = await this.metros.require(query.metro_slug);
    const { window } = trendWindows(today, query.days);
    const rows = await this.repository.permitHotspots(metro.slug, window, query.limit);
    return {
      metro: metro.slug,
      days: query.days,
      hotspots: rows.map((row) => {
        const [lat, lng] = cellToLatLng(row.h3_index);
        return {
          h3_index: row.h3_index,
          center_lat: roundTo(lat, 6),
          center_lng: roundTo(lng, 6),
          permit_count: row.permit_count,
          total_value: round2(Number(row.total_value)),
          avg_value: row.avg_value === null ? null : round2(Number(row.avg_value)),
          top_type: row.top_type,
        };
      }),
    };
  }

  async crime(query: CrimeHotspotsQuery): Promise<CrimeHotspotsResponse> {
    const today = this.clock.today();
    const metro = await this.metros.require(query.metro_slug);
    // The same halves hotspotTrend uses: oldest ⌊days/2⌋ days vs newest ⌊days/2⌋ days.
    const windows = trendWindows(today, query.days);
    const category = query.category ?? null;
    const [total, rows] = await Promise.all([
      this.repository.crimeTotal(metro.slug, windows.window, category),
      this.repository.crimeHotspots(metro.slug, windows, category, query.limit),
    ]);
    return {
      metro: metro.slug,
      days: query.days,
      total_incidents: total,
      hotspots: rows.map((row) => ({
        h3_index: row.h3_index,
        incident_count: row.incident_count,
        top_category: row.top_category,
        per_capita_rate: perCapitaRate(row.incident_count, row.population),
        trend: trendFromHalves(row.older, row.newer),
      })),
    };
  }
}
