/**
 * How one attempt ended: `success` (a 2xx), `http_error` (any other status, a redirect included:
 * redirects are never followed), `timeout` (no complete answer within the attempt's time),
 * `network_error` (DNS, connection, TLS), `ssrf_blocked` (the URL now leads to a refused address;
 * nothing was sent).
 */
export type AttemptOutcome =
  'success' | 'http_error' | 'timeout' | 'network_error' | 'ssrf_blocked';

/** What one attempt observed; stored as one attempt row. */
export interface AttemptResult {
  outcome: AttemptOutcome;
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  /** The receiver's Retry-After on a 429 or 503, in ms from the answer; null otherwise. */
  retryAfterMs: number | null;
  /** First bytes of the answer's body (at most 1 KB of UTF-8), null without an answer. */
  responseExcerpt: string | null;
  /** What went wrong (at most 1 KB), null on success. */
  error: string | null;
}

/** Why a delivery is dead: a permanent refusal, or the attempts ran out. */
export type DeadReason = 'http_4xx' | 'endpoint_gone' | 'ssrf_blocked' | 'retries_exhausted';

/** What happens to a delivery after an attempt. */
export type DeliveryDecision =
  | { status: 'succeeded' }
  | {
      status: 'retrying';
      delayMs: number;
      /** The wait is the receiver's Retry-After rather than the schedule's. */
      retryAfter: boolean;
    }
  | {
      status: 'dead';
      reason: DeadReason;
      /** 410 Gone: the endpoint says it no longer exists, so stop sending it anything. */
      disableEndpoint: boolean;
    };
