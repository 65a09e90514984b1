/** Anything headers can be set on: a Node ServerResponse or an Express Response. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window frees capacity again. */
  resetEpochSeconds: number;
}

/** `X-RateLimit-Limit`, `-Remaining` (never below 0) and `-Reset` (UTC epoch seconds). */
export function setRateLimitHeaders(res: HeaderSink, state: RateLimitState): void {
  res.setHeader('X-RateLimit-Limit', String(state.limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, state.remaining)));
  res.setHeader('X-RateLimit-Reset', String(state.resetEpochSeconds));
}

/** Seconds a refused client should wait: at least 1, rounded up. */
export function retryAfterSeconds(resetEpochSeconds: number, nowMs = Date.now()): number {
  return Math.max(1, Math.ceil(resetEpochSeconds - nowMs / 1000));
}

/** Each pair is sent only when that limit exists. */
export interface OpenAiRateLimitState {
  limitRequests?: number;
  remainingRequests?: number;
  limitTokens?: number;
  remainingTokens?: number;
}

/** OpenAI-style headers of the proxy's client API. */
export function setOpenAiRateLimitHeaders(res: HeaderSink, state: OpenAiRateLimitState): void {
  if (state.limitRequests !== undefined) {
    res.setHeader('x-ratelimit-limit-requests', String(state.limitRequests));
    res.setHeader(
      'x-ratelimit-remaining-requests',
      String(Math.max(0, state.remainingRequests ?? 0)),
    );
  }
  if (state.limitTokens !== undefined) {
    res.setHeader('x-ratelimit-limit-tokens', String(state.limitTokens));
    res.setHeader('x-ratelimit-remaining-tokens', String(Math.max(0, state.remainingTokens ?? 0)));
  }
}
