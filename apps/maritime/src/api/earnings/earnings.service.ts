import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { roundMetric } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { EarningsQuery, PortRevenueQuery } from './dto/earnings.query';
import { EarningsRepository, EarningsRow, PortWeekRow } from './earnings.repository';

function earningsView(row: EarningsRow): Record<string, unknown> {
  return {
    voyage_id: Number(row.voyage_id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    vessel_type: row.vessel_type,
    origin_port: row.origin_port,
    destination_port: row.destination_port,
    departed_at: row.departed_at.toISOString(),
    arrived_at: row.arrived_at.toISOString(),
    route_code: row.route_code,
    cargo_t: row.cargo_t,
    freight_rate_usd_t: row.freight_rate_usd_t,
    revenue_usd: row.revenue_usd,
    fuel_type: row.fuel_type,
    fuel_t: row.fuel_t,
    bunker_price_usd_t: row.bunker_price_usd_t,
    bunker_cost_usd: row.bunker_cost_usd,
    port_dues_usd: row.port_dues_usd,
    handling_usd: row.handling_usd,
    port_costs_usd: row.port_costs_usd,
    voyage_days: row.voyage_days,
    tce_usd_day: row.tce_usd_day,
  };
}

/** dues = GT handled x dues per GT; handling = tonnes x handling per tonne; USD to cents. */
function portRevenueView(row: PortWeekRow): Record<string, unknown> {
  const dues = roundMetric(row.gt_handled * row.dues_usd_per_gt, 2);
  const handling = roundMetric(row.cargo_tonnes * row.handling_usd_per_t, 2);
  return {
    port: row.port,
    week_start: row.week_start,
    calls: row.calls,
    gt_handled: row.gt_handled,
    cargo_tonnes: roundMetric(row.cargo_tonnes, 3),
    dues_usd_per_gt: row.dues_usd_per_gt,
    handling_usd_per_t: row.handling_usd_per_t,
    port_dues_usd: dues,
    handling_usd: handling,
    total_revenue_usd: roundMetric(dues + handling, 2),
  };
}

@Injectable()
export class EarningsService {
  constructor(
    @Inject(EarningsRepository) private readonly repository: EarningsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async earnings(query: EarningsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    if (query.vessel !== undefined && !(await this.repository.vesselExists(query.vessel)))
      throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${query.vessel}`);
    const portId = query.port === undefined ? undefined : await this.requirePort(query.port);
    const rows = await this.repository.earnings({ imo: query.vessel, portId, limit });
    return {
      earnings: rows.map(earningsView),
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  async portRevenue(query: PortRevenueQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 52;
    const portId = query.port === undefined ? undefined : await this.requirePort(query.port);
    const rows = await this.repository.portWeeks({ portId, until: this.window.now(), limit });
    return {
      port_revenue: rows.map(portRevenueView),
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  private async requirePort(slug: string): Promise<string> {
    const id = await this.repository.portId(slug);
    if (id === undefined) throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    return id;
  }
}
