import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { latestStartedSeason, seasonSpan } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { HealthQuery, ProductionQuery, RegionsQuery } from './dto/satellite.dto';
import { RegionRow, SatelliteRepository } from './satellite.repository';
import { healthRecords, productionRecord, regionView, seasonWindow } from './satellite.views';

const DAY_MS = 86_400_000;
const HEALTH_DEFAULT_DAYS = 365;
/** A season lasts under a year, so this much earlier data holds the start of any season. */
const SEASON_LOOKBACK_DAYS = 366;

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

@Injectable()
export class SatelliteService {
  constructor(
    @Inject(SatelliteRepository) private readonly satellite: SatelliteRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async regions(query: RegionsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const regions = await this.satellite.regions({ crop: query.crop, country: query.country });
    const latest = await this.satellite.latest(
      regions.map((r) => r.id),
      isoDay(this.window.visibleUntil(caller)),
    );
    const byRegion = new Map(latest.map((row) => [row.region_id, row]));
    return {
      regions: regions.map((region) => regionView(region, byRegion.get(region.id))),
      count: regions.length,
      tier: caller.limits.tier,
    };
  }

  async health(query: HealthQuery, caller: Caller): Promise<Record<string, unknown>> {
    const { from, to } = this.window.range(caller, query, {
      defaultDays: HEALTH_DEFAULT_DAYS,
      closed: true,
    });
    const regions = await this.regionsOf(query.region);
    const limit = query.limit ?? 50;
    const rows = await this.satellite.observations(
      regions.map((r) => r.id),
      isoDay(new Date(from.getTime() - SEASON_LOOKBACK_DAYS * DAY_MS)),
      isoDay(to),
    );
    const records = regions
      .flatMap((region) =>
        healthRecords(
          region,
          rows.filter((row) => row.region_id === region.id),
        ),
      )
      // A composite is dated by its first day: it counts as observed at that day's midnight.
      .filter((record) => {
        const at = dayStartMs(record.observed_on);
        return at >= from.getTime() && at <= to.getTime();
      })
      .sort((a, b) =>
        a.observed_on === b.observed_on
          ? a.region.localeCompare(b.region)
          : b.observed_on.localeCompare(a.observed_on),
      )
      .slice(0, limit);
    return {
      health: records,
      count: records.length,
      window: { from: from.toISOString(), to: to.toISOString() },
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  async production(query: ProductionQuery, caller: Caller): Promise<Record<string, unknown>> {
    const regions = (await this.regionsOf(query.region)).filter(
      (region) => query.crop === undefined || region.crop === query.crop,
    );
    const today = isoDay(this.window.visibleUntil(caller));
    const seasons = regions.map(
      (region) => query.season ?? latestStartedSeason(today, seasonWindow(region)),
    );
    const spans = regions.map((region, i) =>
      seasonSpan(seasons[i] as number, seasonWindow(region)),
    );
    const rows =
      regions.length === 0
        ? []
        : await this.satellite.observations(
            regions.map((r) => r.id),
            spans.map((s) => s.start).reduce((a, b) => (a < b ? a : b)),
            spans.map((s) => s.end).reduce((a, b) => (a > b ? a : b)),
          );
    return {
      production: regions.map((region, i) =>
        productionRecord(
          region,
          seasons[i] as number,
          rows.filter((row) => row.region_id === region.id),
          today,
        ),
      ),
      count: regions.length,
      as_of: today,
      tier: caller.limits.tier,
    };
  }

  /** One region by slug (404 region_not_found when unknown), or every region. */
  private async regionsOf(slug: string | undefined): Promise<RegionRow[]> {
    const regions = await this.satellite.regions({ slug });
    if (slug !== undefined && regions.length === 0)
      throw ApiError.notFound('region_not_found', `No crop region with slug "${slug}"`);
    return regions;
  }
}
