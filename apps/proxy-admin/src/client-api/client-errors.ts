import { setOpenAiRateLimitHeaders, ApiError } from '@platform/http';
import type { ServerResponse } from 'node:http';
import type { AdmitVerdict } from '../limits/limits.service';
import type { VirtualKey } from '../keys/virtual-key';

type Refusal = Exclude<AdmitVerdict, { admitted: true }>;

/** The OpenAI-style 401/429 for a request the limiter refused. */
export function refusalError(verdict: Refusal): ApiError {
  if (verdict.reason === 'revoked')
    return ApiError.unauthorized('key_revoked', 'This API key has been revoked');
  const headers = { 'Retry-After': String(verdict.retryAfterSeconds) };
  if (verdict.reason === 'budget') {
    return new ApiError(429, 'budget_exceeded', 'This key has used its monthly budget', {
      headers,
      type: 'insufficient_quota',
    });
  }
  const what = verdict.reason === 'rpm' ? 'requests' : 'tokens';
  return new ApiError(
    429,
    'rate_limit_exceeded',
    `Rate limit reached for ${what} per minute on this key`,
    { headers },
  );
}

/** x-ratelimit-* headers for the limits the key has. */
export function setKeyRateHeaders(
  res: ServerResponse,
  key: Pick<VirtualKey, 'rpm' | 'tpm'>,
  remaining: { requestsRemaining?: number; tokensRemaining?: number },
): void {
  setOpenAiRateLimitHeaders(res, {
    limitRequests: key.rpm ?? undefined,
    remainingRequests: remaining.requestsRemaining,
    limitTokens: key.tpm ?? undefined,
    remainingTokens: remaining.tokensRemaining,
  });
}
