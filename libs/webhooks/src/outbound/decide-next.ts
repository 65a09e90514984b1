import type { AttemptResult, DeliveryDecision } from './attempt-result';
import type { RetrySchedule } from './retry-schedule';

/**
 * The delivery's next state after attempt number `attempt` (1-based, within its budget of 8):
 * - a 2xx succeeds;
 * - 410 Gone is dead at once and disables the endpoint;
 * - any other 4xx except 408 and 429 is dead at once (the request itself is refused);
 * - an address the guard now refuses is dead at once;
 * - 408, 429, 3xx, 5xx, timeouts and network errors retry on the schedule, a 429 or 503 after
 *   its Retry-After when it sent one;
 * - the 8th failed attempt is dead (`retries_exhausted`).
 */
export function decideNext(
  result: AttemptResult,
  attempt: number,
  schedule: RetrySchedule,
): DeliveryDecision {
  if (result.outcome === 'success') return { status: 'succeeded' };
  if (result.outcome === 'ssrf_blocked') {
    return { status: 'dead', reason: 'ssrf_blocked', disableEndpoint: false };
  }
  const code = result.statusCode;
  if (code === 410) return { status: 'dead', reason: 'endpoint_gone', disableEndpoint: true };
  if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) {
    return { status: 'dead', reason: 'http_4xx', disableEndpoint: false };
  }
  const retryAfterMs = code === 429 || code === 503 ? result.retryAfterMs : null;
  const delayMs = schedule.delayAfter(attempt, retryAfterMs);
  if (delayMs === null) {
    return { status: 'dead', reason: 'retries_exhausted', disableEndpoint: false };
  }
  return { status: 'retrying', delayMs, retryAfter: retryAfterMs !== null };
}
