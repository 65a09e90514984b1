import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { historyStart } from '@platform/maritime-domain';
import type { Caller } from './caller';

const MINUTE_MS = 60_000;

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
}
