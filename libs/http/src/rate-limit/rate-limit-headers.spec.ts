import type { Response } from 'express';
import {
  retryAfterSeconds,
  setOpenAiRateLimitHeaders,
  setRateLimitHeaders,
} from './rate-limit-headers';

function recorder(): { res: Response; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name] = value),
  } as unknown as Response;
  return { res, headers };
}

describe('rate-limit headers', () => {
  it('never reports a negative remaining count', () => {
    const { res, headers } = recorder();
    setRateLimitHeaders(res, { limit: 60, remaining: -3, resetEpochSeconds: 1_800_000_000 });
    expect(headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1800000000',
    });
  });

  it('writes OpenAI-style request and token headers', () => {
    const { res, headers } = recorder();
    setOpenAiRateLimitHeaders(res, {
      limitRequests: 5,
      remainingRequests: 4,
      limitTokens: 1000,
      remainingTokens: 900,
    });
    expect(headers).toEqual({
      'x-ratelimit-limit-requests': '5',
      'x-ratelimit-remaining-requests': '4',
      'x-ratelimit-limit-tokens': '1000',
      'x-ratelimit-remaining-tokens': '900',
    });
  });

  it('asks for at least one second of patience, rounded up', () => {
    expect(retryAfterSeconds(100, 99_200)).toBe(1);
    expect(retryAfterSeconds(100, 90_500)).toBe(10);
    expect(retryAfterSeconds(100, 120_000)).toBe(1);
  });
});
