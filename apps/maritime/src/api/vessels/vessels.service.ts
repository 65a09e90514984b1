import { Inject, Injectable } from '@nestjs/common';
import { MaritimeConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { buildPage, CursorCodec } from '@platform/pagination';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import type { HistoryQuery, PositionsQuery, VesselsQuery } from './dto/vessels.query';
import {
  portCallView,
  positionView,
  vesselDetail,
  vesselSummary,
  voyageView,
} from './vessel-views';
import { VesselsRepository } from './vessels.repository';

/** The vessel registry and each vessel's movement, as each plan may see them. */
@Injectable()
export class VesselsService {
  private readonly vesselsCursor: CursorCodec;
  private readonly voyagesCursor: CursorCodec;
  private readonly callsCursor: CursorCodec;

  constructor(
    @Inject(VesselsRepository) private readonly vessels: VesselsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
    @Inject(MaritimeConfig) config: MaritimeConfig,
  ) {
    this.vesselsCursor = new CursorCodec(config.cursorSecret, 'maritime:vessels');
    this.voyagesCursor = new CursorCodec(config.cursorSecret, 'maritime:voyages');
    this.callsCursor = new CursorCodec(config.cursorSecret, 'maritime:port-calls');
  }

  async list(query: VesselsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    // The cursor is bound to the filter, so a position from one filtered list is refused by another.
    const scope = JSON.stringify([query.type, query.flag, query.risk_tier, query.name]);
    const after = query.cursor === undefined ? undefined : this.vesselsCursor.decode(query.cursor);
    if (after !== undefined && String(after.sort) !== scope)
      throw ApiError.badRequest('invalid_cursor', 'The cursor belongs to another filter');
    const rows = await this.vessels.list({
      type: query.type,
      flag: query.flag,
      riskTier: query.risk_tier,
      namePrefix: query.name,
      afterImo: after?.id,
      limit,
    });
    const page = buildPage(
      rows,
      limit,
      (row) => ({ sort: scope, id: row.imo }),
      this.vesselsCursor,
    );
    return {
      vessels: page.items.map(vesselSummary),
      count: page.items.length,
      pagination: { limit, has_more: page.has_more, next_cursor: page.next_cursor },
      tier: caller.limits.tier,
    };
  }

  async get(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    const row = await this.vessels.find(imo);
    if (!row) throw notFound(imo);
    const latest = await this.vessels.latestPosition(imo, this.window.visibleUntil(caller));
    return { vessel: vesselDetail(row, latest), tier: caller.limits.tier };
  }

  async positions(
    imo: string,
    query: PositionsQuery,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    const { from, to } = this.window.range(caller, query, { defaultDays: 1 });
    if (!(await this.vessels.exists(imo))) throw notFound(imo);
    const limit = query.limit ?? 500;
    const rows = await this.vessels.positions(imo, from, to, limit);
    return {
      imo_number: imo,
      positions: rows.map(positionView),
      count: rows.length,
      window: { from: from.toISOString(), to: to.toISOString() },
      limit_applied: limit,
      tier: caller.limits.tier,
    };
  }

  async voyages(
    imo: string,
    query: HistoryQuery,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    if (!(await this.vessels.exists(imo))) throw notFound(imo);
    const limit = query.limit ?? 50;
    const after = query.cursor === undefined ? undefined : this.voyagesCursor.decode(query.cursor);
    const rows = await this.vessels.voyages(
      imo,
      this.window.boundToHistory(caller, null),
      this.window.visibleUntil(caller),
      after && { departedAt: String(after.sort), id: after.id },
      limit,
    );
    const page = buildPage(
      rows,
      limit,
      (row) => ({ sort: row.departed_at.toISOString(), id: row.id }),
      this.voyagesCursor,
    );
    return {
      imo_number: imo,
      voyages: page.items.map(voyageView),
      count: page.items.length,
      pagination: { limit, has_more: page.has_more, next_cursor: page.next_cursor },
      tier: caller.limits.tier,
    };
  }

  async portCalls(
    where: { imo: string } | { portId: string },
    query: HistoryQuery,
    caller: Caller,
  ): Promise<{ calls: Record<string, unknown>[]; pagination: Record<string, unknown> }> {
    const limit = query.limit ?? 50;
    const after = query.cursor === undefined ? undefined : this.callsCursor.decode(query.cursor);
    const rows = await this.vessels.portCalls(
      where,
      this.window.boundToHistory(caller, null),
      this.window.visibleUntil(caller),
      after && { arrivedAt: String(after.sort), id: after.id },
      limit,
    );
    const page = buildPage(
      rows,
      limit,
      (row) => ({ sort: row.arrived_at.toISOString(), id: row.id }),
      this.callsCursor,
    );
    return {
      calls: page.items.map(portCallView),
      pagination: { limit, has_more: page.has_more, next_cursor: page.next_cursor },
    };
  }

  async vesselPortCalls(
    imo: string,
    query: HistoryQuery,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    if (!(await this.vessels.exists(imo))) throw notFound(imo);
    const { calls, pagination } = await this.portCalls({ imo }, query, caller);
    return {
      imo_number: imo,
      port_calls: calls,
      count: calls.length,
      pagination,
      tier: caller.limits.tier,
    };
  }
}

export function notFound(imo: string): ApiError {
  return ApiError.notFound('vessel_not_found', `No vessel with IMO ${imo}`);
}
