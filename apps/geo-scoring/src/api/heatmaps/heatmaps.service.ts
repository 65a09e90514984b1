import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError, isOverloaded } from '@platform/http';
import { cellToLatLng } from 'h3-js';
import { addDays, round2, roundTo } from '@platform/geo-domain';
import { HeatmapCollection, HeatmapFeature } from './dto/heatmap.response';
import { HeatmapHexRow, HeatmapsRepository } from './heatmaps.repository';

/** Both heatmaps cover the last 90 UTC days including today. */
export const HEATMAP_WINDOW_DAYS = 90;
export const HEATMAP_PARENT_RES = 5;
export const HEATMAP_DIMENSIONS = ['crime'] as const;
export type HeatmapDimension = (typeof HEATMAP_DIMENSIONS)[number];

/** RFC 7946 Point at the hexagon centre: [lng, lat], 6 decimals (~0.1 m). */
function featureOf(row: HeatmapHexRow): HeatmapFeature {
  const [lat, lng] = cellToLatLng(row.h3);
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [roundTo(lng, 6), roundTo(lat, 6)] },
    properties: { h3: row.h3, weight: row.weight },
  };
}

@Injectable()
export class HeatmapsService {
  private readonly logger = new Logger(HeatmapsService.name);

  constructor(
    private readonly repository: HeatmapsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** GET /api/activity-heatmap: weight = integer event count per res-5 hex. */
  async activity(): Promise<HeatmapCollection> {
    const today = this.clock.today();
    const rows = await this.query(
      'activity',
      (from) => this.repository.activity(from, today),
      today,
    );
    const features = rows.map(featureOf);
    return {
      type: 'FeatureCollection',
      features,
      meta: {
        window_days: HEATMAP_WINDOW_DAYS,
        parent_res: HEATMAP_PARENT_RES,
        hex_count: features.length,
      },
    };
  }

  /** GET /api/heatmap/{dimension}: only `crime` (weight = Σ incident magnitude, 2 decimals). */
  async dimension(dimension: string): Promise<HeatmapCollection> {
    const today = this.clock.today();
    if (!(HEATMAP_DIMENSIONS as readonly string[]).includes(dimension)) {
      throw new ApiError(
        400,
        'unsupported_dimension',
        `Unsupported heatmap dimension "${dimension}"; supported: ${HEATMAP_DIMENSIONS.join(', ')}`,
      );
    }
    const rows = await this.query('crime', (from) => this.repository.crime(from, today), today);
    const features = rows.map((row) => featureOf({ h3: row.h3, weight: round2(row.weight) }));
    return {
      type: 'FeatureCollection',
      features,
      meta: {
        dimension,
        parent_res: HEATMAP_PARENT_RES,
        hex_count: features.length,
        window_days: HEATMAP_WINDOW_DAYS,
      },
    };
  }

  /**
   * A failing rollup query is 500 heatmap_query_failed
   * (see docs/geo-scoring/analytics.md#heatmaps). An exhausted pool is not a failed query: it stays
   * the platform's 503 + Retry-After.
   */
  private async query(
    name: string,
    run: (from: string) => Promise<HeatmapHexRow[]>,
    today: string,
  ): Promise<HeatmapHexRow[]> {
    try {
      return await run(addDays(today, -(HEATMAP_WINDOW_DAYS - 1)));
    } catch (error) {
      if (isOverloaded(error)) throw error;
      this.logger.error({ err: error, heatmap: name }, 'heatmap query failed');
      throw new ApiError(500, 'heatmap_query_failed', 'The heatmap query failed');
    }
  }
}
