import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { addDays, round2, tierOrNull } from '@platform/geo-domain';
import { round2OrNull, round3OrNull, signalsOf } from '../cells/score-format';
import { MetrosRepository } from '../metros/metros.repository';
import { ScoreTrendsQuery } from './dto/score-trends.query';
import { CellTrendResponse, MetroTrendResponse } from './dto/score-trends.response';
import { DateRange, ScoreTrendsRepository } from './score-trends.repository';

/** `days=N` = the last N UTC calendar days including today. */
export function trendWindow(days: number, today: string): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

@Injectable()
export class ScoreTrendsService {
  constructor(
    private readonly repository: ScoreTrendsRepository,
    private readonly metros: MetrosRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  trends(query: ScoreTrendsQuery): Promise<MetroTrendResponse | CellTrendResponse> {
    const hasMetro = query.metro !== undefined;
    const hasCell = query.h3_index !== undefined;
    if (hasMetro === hasCell) {
      throw new ApiError(400, 'invalid_request', 'Give exactly one of metro or h3_index');
    }
    const range = trendWindow(query.days, this.clock.today());
    return query.metro !== undefined
      ? this.metroTrend(query.metro, query.days, query.profile, range)
      : this.cellTrend(query.h3_index ?? '', query.days, query.profile, range);
  }

  private async metroTrend(
    slug: string,
    days: number,
    profile: string,
    range: DateRange,
  ): Promise<MetroTrendResponse> {
    const metro = await this.metros.require(slug);
    const rows = await this.repository.metroTrend(metro.slug, profile, range);
    return {
      metro: metro.slug,
      days,
      profile,
      trend: rows.map((row) => ({
        date: row.date,
        avg_composite: round2(row.avg_composite),
        cells: row.cells,
      })),
    };
  }

  private async cellTrend(
    h3Index: string,
    days: number,
    profile: string,
    range: DateRange,
  ): Promise<CellTrendResponse> {
    const metroSlug = await this.repository.scoredCellMetro(h3Index);
    if (metroSlug === undefined) {
      throw new ApiError(404, 'cell_not_found', `Cell ${h3Index} was never scored`);
    }
    const rows = await this.repository.cellSnapshots(h3Index, profile, range);
    return {
      h3_index: h3Index,
      metro_slug: metroSlug,
      days,
      profile,
      snapshots: rows.map((row) => {
        const composite = round2OrNull(row.composite);
        return {
          date: row.date,
          profile: row.profile,
          composite,
          confidence: round3OrNull(row.confidence) ?? 0,
          tier: tierOrNull(composite),
          ...signalsOf(row),
        };
      }),
    };
  }
}
