import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { parseInstant } from '../../platform/validation/maritime-validators';
import { stateView } from './alert-views';
import { AlertsRepository, type StateWrite } from './alerts.repository';
import { ownerIdOf } from './alerts.service';
import type { AlertStateBody } from './dto/alerts.dto';

const HOUR_MS = 3_600_000;
/** A snooze without an end lasts this long. */
export const DEFAULT_SNOOZE_MS = 24 * HOUR_MS;
/** A snooze may end at most this far ahead. */
export const MAX_SNOOZE_MS = 30 * 24 * HOUR_MS;

function invalidSnooze(message: string): ApiError {
  return ApiError.badRequest('invalid_request', message, [{ field: 'snooze_until', message }]);
}

/**
 * Per-owner state of unified alerts: read, resolve, snooze and open. All of an owner's keys
 * share one state per alert; no stored state means open.
 */
@Injectable()
export class AlertStateService {
  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async apply(body: AlertStateBody, caller: Caller): Promise<Record<string, unknown>> {
    const now = this.clock.now();
    const write = this.writeFor(body, now);
    const [source, digits] = body.alert_id.split(':') as [string, string];
    // Canonical id: platform:007 and platform:7 are one alert.
    const sourceId = BigInt(digits).toString();
    const uid = `${source}:${sourceId}`;
    const eventType = await this.alerts.eventTypeOf(source, sourceId);
    // A dark_fleet alert is invisible to plans without the feature, so it is unknown to them.
    if (eventType === undefined || (eventType === 'dark_fleet' && !caller.limits.dark_fleet))
      throw ApiError.notFound('alert_not_found', `No alert ${body.alert_id}`);
    const row = await this.alerts.writeState(ownerIdOf(caller), uid, write, now);
    return { ok: true, alert_id: uid, action: body.action, state: stateView(row) };
  }

  /**
   * What each action writes. read and resolve set read_at once (it is kept afterwards); resolve
   * stamps resolved_at; snooze sets snoozed_until; every action clears the fields of the states
   * it leaves, so the stored fields always describe the current state.
   */
  private writeFor(body: AlertStateBody, now: Date): StateWrite {
    if (body.action !== 'snooze' && body.snooze_until != null)
      throw invalidSnooze('snooze_until applies only to the snooze action');
    switch (body.action) {
      case 'read':
        return { state: 'read', readAt: now, resolvedAt: null, snoozedUntil: null };
      case 'resolve':
        return { state: 'resolved', readAt: now, resolvedAt: now, snoozedUntil: null };
      case 'open':
        return { state: 'open', readAt: null, resolvedAt: null, snoozedUntil: null };
      case 'snooze':
        return {
          state: 'snoozed',
          readAt: null,
          resolvedAt: null,
          snoozedUntil: this.snoozeEnd(body.snooze_until ?? undefined, now),
        };
    }
  }

  /** The end of a snooze: in (now, now + 30 days], default now + 24 h. */
  private snoozeEnd(value: string | undefined, now: Date): Date {
    if (value === undefined) return new Date(now.getTime() + DEFAULT_SNOOZE_MS);
    const until = parseInstant(value) as Date;
    if (until.getTime() <= now.getTime()) throw invalidSnooze('snooze_until must be in the future');
    if (until.getTime() > now.getTime() + MAX_SNOOZE_MS)
      throw invalidSnooze('snooze_until must be at most 30 days ahead');
    return until;
  }
}
