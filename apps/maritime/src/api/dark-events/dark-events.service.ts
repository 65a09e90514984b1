import { Inject, Injectable } from '@nestjs/common';
import { MaritimeConfig } from '@platform/config';
import { buildPage, CursorCodec } from '@platform/pagination';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { parseInstant } from '../../platform/validation/maritime-validators';
import { DarkEventRow, DarkEventsRepository } from './dark-events.repository';
import type { DarkEventsQuery } from './dto/dark-events.query';

function darkEventView(row: DarkEventRow, now: Date): Record<string, unknown> {
  const end = row.ended_at ?? now;
  return {
    id: Number(row.id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    ongoing: row.ended_at === null,
    // An open gap is measured up to now.
    gap_hours:
      row.gap_hours !== null
        ? Number(row.gap_hours)
        : Math.round(((end.getTime() - row.started_at.getTime()) / 3_600_000) * 100) / 100,
    start: { latitude: row.start_lat, longitude: row.start_lon },
    end: row.end_lat === null ? null : { latitude: row.end_lat, longitude: row.end_lon },
    zone: row.zone === null ? null : { slug: row.zone, name: row.zone_name },
    severity: row.severity,
    confidence: Number(row.confidence),
    occurred_at: row.occurred_at.toISOString(),
  };
}

@Injectable()
export class DarkEventsService {
  private readonly cursor: CursorCodec;

  constructor(
    @Inject(DarkEventsRepository) private readonly events: DarkEventsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
    @Inject(MaritimeConfig) config: MaritimeConfig,
  ) {
    this.cursor = new CursorCodec(config.cursorSecret, 'maritime:dark-events');
  }

  async list(query: DarkEventsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const limit = query.limit ?? 50;
    const since = query.since === undefined ? null : (parseInstant(query.since) as Date);
    if (since !== null) this.window.assertWithinHistory(caller, since, 'since');
    const after = query.cursor === undefined ? undefined : this.cursor.decode(query.cursor);
    const visible = this.window.visibleUntil(caller);
    const rows = await this.events.page({
      imo: query.imo,
      severity: query.severity,
      ongoing: query.ongoing === undefined ? undefined : query.ongoing === 'true',
      since: this.window.boundToHistory(caller, since),
      occurredUntil: visible,
      after: after && { occurredAt: String(after.sort), id: after.id },
      limit,
    });
    const page = buildPage(
      rows,
      limit,
      (row) => ({ sort: row.occurred_at.toISOString(), id: row.id }),
      this.cursor,
    );
    const now = this.window.now();
    return {
      dark_events: page.items.map((row) => darkEventView(row, now)),
      count: page.items.length,
      pagination: { limit, has_more: page.has_more, next_cursor: page.next_cursor },
      tier: caller.limits.tier,
    };
  }
}
