import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import {
  addMonths,
  CHOKEPOINT_TRAILING_MONTHS,
  compareShifts,
  detectChokepointShifts,
  detectLaneShifts,
  haversineNm,
  lastCompletePeriod,
  marketSharePct,
  type ChokepointTransits,
  type RouteShift,
} from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { parseInstant } from '../../platform/validation/maritime-validators';
import {
  TRADE_ROUTES_LIMIT_DEFAULT,
  type DeceptionsQuery,
  type FlowsQuery,
  type ShiftsQuery,
} from './dto/trade-routes.query';
import { DeceptionRow, FlowRow, TradeRoutesRepository } from './trade-routes.repository';

function flowView(row: FlowRow): Record<string, unknown> {
  return {
    origin_port: row.origin_port,
    destination_port: row.destination_port,
    period: row.period,
    vessel_type: row.vessel_type,
    voyages: row.voyages,
    tonnage_mt: row.tonnage_mt,
    market_share_pct: marketSharePct(row.tonnage_mt, row.origin_tonnage_mt),
    avg_transit_days: row.avg_transit_days,
  };
}

function deceptionView(row: DeceptionRow): Record<string, unknown> {
  const deviation = haversineNm(
    { lat: row.declared_lat, lon: row.declared_lon },
    { lat: row.actual_lat, lon: row.actual_lon },
  );
  return {
    id: Number(row.id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    declared_destination: row.declared_destination,
    declared_port: row.declared_port,
    actual_port: row.actual_port,
    departed_at: row.departed_at.toISOString(),
    arrived_at: row.arrived_at?.toISOString() ?? null,
    deviation_nm: Math.round(deviation * 10) / 10,
    detected_at: row.occurred_at.toISOString(),
  };
}

/**
 * Trade routes: monthly flows with market share, lane and chokepoint shifts, and voyages that
 * ended somewhere other than their declared destination. Flows and shifts are monthly
 * aggregates and are open to every plan; deceptions are per-vessel records and follow the
 * plan's history depth.
 */
@Injectable()
export class TradeRoutesService {
  constructor(
    @Inject(TradeRoutesRepository) private readonly routes: TradeRoutesRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async flows(query: FlowsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const period = query.period ?? lastCompletePeriod(this.window.now());
    const limit = query.limit ?? TRADE_ROUTES_LIMIT_DEFAULT;
    const [origin, destination] = await Promise.all([
      this.portId(query.origin),
      this.portId(query.destination),
    ]);
    const rows = await this.routes.flows({
      period,
      originId: origin,
      destinationId: destination,
      vesselType: query.vessel_type ?? null,
      limit,
    });
    return {
      flows: rows.map(flowView),
      period,
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  async shifts(query: ShiftsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const period = query.period ?? lastCompletePeriod(this.window.now());
    const previous = addMonths(period, -1);
    const limit = query.limit ?? TRADE_ROUTES_LIMIT_DEFAULT;
    const found: RouteShift[] = [];
    if (query.kind === undefined || query.kind === 'chokepoint')
      found.push(...(await this.chokepointShifts(period, previous)));
    if (query.kind === undefined || query.kind === 'lane_share') {
      const lanes = await this.routes.lanes([period, previous]);
      found.push(
        ...detectLaneShifts(
          period,
          previous,
          lanes.filter((lane) => lane.period === period),
          lanes.filter((lane) => lane.period === previous),
        ),
      );
    }
    const shifts = found.sort(compareShifts).slice(0, limit);
    return {
      shifts,
      period,
      count: shifts.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  async deceptions(query: DeceptionsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? TRADE_ROUTES_LIMIT_DEFAULT;
    const since = query.since === undefined ? null : (parseInstant(query.since) as Date);
    if (since !== null) this.window.assertWithinHistory(caller, since, 'since');
    const rows = await this.routes.deceptions({
      imo: query.imo ?? null,
      portId: await this.portId(query.port),
      since: this.window.boundToHistory(caller, since),
      until: this.window.visibleUntil(caller),
      limit,
    });
    return {
      deceptions: rows.map(deceptionView),
      count: rows.length,
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  private async chokepointShifts(period: string, previous: string): Promise<RouteShift[]> {
    const first = addMonths(period, -CHOKEPOINT_TRAILING_MONTHS);
    const rows = await this.routes.transits(first, period);
    const trailingPeriods = Array.from({ length: CHOKEPOINT_TRAILING_MONTHS }, (_, i) =>
      addMonths(period, -(i + 1)),
    );
    const byChokepoint = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const months = byChokepoint.get(row.chokepoint) ?? new Map<string, number>();
      months.set(row.period, row.transits);
      byChokepoint.set(row.chokepoint, months);
    }
    const transits: ChokepointTransits[] = [...byChokepoint].map(([chokepoint, months]) => ({
      chokepoint,
      current: months.get(period) ?? 0,
      trailing: trailingPeriods.map((p) => months.get(p) ?? 0),
    }));
    return detectChokepointShifts(period, previous, transits);
  }

  /** The id of a port slug; an unknown slug answers 404 port_not_found. */
  private async portId(slug: string | undefined): Promise<string | null> {
    if (slug === undefined) return null;
    const port = await this.routes.port(slug);
    if (!port) throw ApiError.notFound('port_not_found', `No port with slug "${slug}"`);
    return port.id;
  }
}
