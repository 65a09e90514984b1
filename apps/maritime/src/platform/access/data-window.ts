import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { historyStart } from '@platform/maritime-domain';
import { parseInstant } from '../validation/maritime-validators';
import type { Caller } from './caller';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The validated `from` / `to` strings of a time-range query (ISO instants). */
export interface TimeRangeQuery {
  from?: string;
  to?: string;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

/**
 * What part of the timeline a caller may see. Plans without priority sync see positions and
 * events once they are 15 minutes old; history depth bounds every time range: an explicit start
 * before it answers 403 history_depth_exceeded, while lists and feeds are cut to it silently.
 */
@Injectable()
export class DataWindow {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  now(): Date {
    return this.clock.now();
  }

  /** The newest instant of data this caller sees (now, or now minus the sync delay). */
  visibleUntil(caller: Caller): Date {
    return new Date(this.clock.nowMs() - caller.limits.priority_sync_delay_minutes * MINUTE_MS);
  }

  /** The oldest instant this caller may see; null for the full history. */
  oldestVisible(caller: Caller): Date | null {
    return historyStart(caller.access, this.clock.now());
  }

  /** Refuses an explicit start older than the plan's depth. */
  assertWithinHistory(caller: Caller, from: Date, field = 'from'): void {
    const oldest = this.oldestVisible(caller);
    if (oldest !== null && from.getTime() < oldest.getTime())
      throw new ApiError(
        403,
        'history_depth_exceeded',
        `${field} is older than the ${caller.limits.history_days} days of history of the ${caller.limits.tier} plan`,
        { extra: { history_days: caller.limits.history_days } },
      );
  }

  /** The later of `since` and the plan's oldest visible instant. */
  boundToHistory(caller: Caller, since: Date | null): Date | null {
    const oldest = this.oldestVisible(caller);
    if (oldest === null) return since;
    if (since === null) return oldest;
    return since.getTime() > oldest.getTime() ? since : oldest;
  }

  /**
   * The window of a time-range query. `to` defaults to, and is capped at, what the caller sees
   * now; `from` defaults to `defaultDays` before `to`, cut to the plan's history. An explicit
   * `from` older than the history is 403, and explicit bounds out of order are 400: `from` must
   * come before `to`, or (for a `closed` window) not after it.
   */
  range(
    caller: Caller,
    query: TimeRangeQuery,
    options: { defaultDays: number; closed?: boolean },
  ): TimeRange {
    const visible = this.visibleUntil(caller);
    const requestedTo = query.to === undefined ? visible : (parseInstant(query.to) as Date);
    const to = requestedTo.getTime() > visible.getTime() ? visible : requestedTo;
    if (query.from === undefined) {
      const fallback = new Date(to.getTime() - options.defaultDays * DAY_MS);
      return { from: this.boundToHistory(caller, fallback) as Date, to };
    }
    const from = parseInstant(query.from) as Date;
    this.assertWithinHistory(caller, from);
    const gap = to.getTime() - from.getTime();
    if (query.to !== undefined && (options.closed ? gap < 0 : gap <= 0)) {
      const message = options.closed ? 'from must not be after to' : 'from must be before to';
      throw ApiError.badRequest('invalid_request', message, [{ field: 'from', message }]);
    }
    return { from, to };
  }
}
