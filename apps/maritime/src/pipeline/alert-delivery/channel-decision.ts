import { decideNext, type AttemptResult, type RetrySchedule } from '@platform/webhooks';
import {
  permanentFailure,
  type ChannelAttemptResult,
  type ChannelDeadReason,
} from './attempt-outcome';

/** One attempt through a channel as it is recorded, numbered within the delivery. */
export interface ChannelAttemptRecord extends ChannelAttemptResult {
  attempt: number;
}

/** What happens to an alert delivery after an attempt: the shared rules plus e-mail's. */
export type ChannelDecision =
  | { status: 'succeeded' }
  | { status: 'retrying'; delayMs: number; retryAfter: boolean }
  | { status: 'dead'; reason: ChannelDeadReason; disableEndpoint: boolean };

/**
 * The next state after attempt `attempt` (1-based) through any channel. HTTP channels follow the
 * shared webhook rules unchanged. An SMTP 5xx is permanent (`smtp_rejected`); any other SMTP
 * failure (4xx, a broken conversation) is treated as a network error: retried on the schedule,
 * `retries_exhausted` after the 8th.
 */
export function decideChannelNext(
  result: ChannelAttemptResult,
  attempt: number,
  schedule: RetrySchedule,
): ChannelDecision {
  if (result.outcome === 'smtp_error') {
    const permanent = permanentFailure(result);
    if (permanent !== null) return { status: 'dead', reason: permanent, disableEndpoint: false };
  }
  return decideNext(httpView(result), attempt, schedule);
}

/** The attempt as the shared rules know it: an SMTP failure that may pass later is a network error. */
export function httpView(result: ChannelAttemptResult): AttemptResult {
  if (result.outcome !== 'smtp_error') return { ...result, outcome: result.outcome };
  return { ...result, outcome: 'network_error', statusCode: null, retryAfterMs: null };
}
