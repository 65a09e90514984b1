import { ApiError, setRateLimitHeaders } from '@platform/http';
import type { Response } from 'express';
import type { RateLimitDecision } from './rate-limiter';

/**
 * Applies a limiter decision to the response: X-RateLimit-* headers always, and a 429
 * rate_limited (Retry-After, never cached) to throw when the window is spent.
 */
export function enforceRateLimit(
  response: Response | undefined,
  decision: RateLimitDecision | undefined,
): void {
  // No decision: Redis could not count (the limiter fails open and has logged it).
  if (decision === undefined) return;
  if (response !== undefined) setRateLimitHeaders(response, decision);
  if (decision.allowed) return;
  throw new ApiError(
    429,
    'rate_limited',
    `Rate limit of ${decision.limit} requests per minute exceeded`,
    {
      headers: {
        'Retry-After': String(decision.retryAfterSeconds),
        'Cache-Control': 'no-store',
      },
    },
  );
}

/** The client address rate limits count (req.ip honours TRUST_PROXY_HOPS). */
export function clientIp(request: { ip?: string; socket: { remoteAddress?: string } }): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
