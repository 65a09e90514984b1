/** Fixed 60 s windows per policy and subject (see docs/geo-scoring/read-routes.md#rate-limits). */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export const RATE_LIMIT_POLICIES = {
  /** /api/activity-heatmap and /api/heatmap/{dimension} share one counter per client IP. */
  heatmap: { limit: 60, subject: 'ip' },
  similar: { limit: 30, subject: 'ip' },
  /** Every other open /api route. */
  public: { limit: 120, subject: 'ip' },
  /** /api/v1/*, per API key (enforced by ApiKeyGuard once the key is known). */
  apikey: { limit: 600, subject: 'credential' },
  /**
   * Failed API-key authentications per client IP. Without it every made-up key would get its own
   * counter and cost a database lookup; past the limit the lookup is not even made.
   */
  'apikey-invalid': { limit: 30, subject: 'ip' },
  /** Session routes, per user. */
  session: { limit: 300, subject: 'credential' },
  upload: { limit: 6, subject: 'credential' },
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** Policies counted per client IP, which the global guard applies before any authentication. */
export type IpRateLimitPolicy = {
  [P in RateLimitPolicy]: (typeof RATE_LIMIT_POLICIES)[P]['subject'] extends 'ip' ? P : never;
}[RateLimitPolicy];

export interface WindowPosition {
  /** Index of the current window since the epoch. */
  window: number;
  /** When the window ends, in epoch seconds (the X-RateLimit-Reset value). */
  resetEpochSeconds: number;
}

export function windowAt(nowMs: number): WindowPosition {
  const window = Math.floor(nowMs / RATE_LIMIT_WINDOW_MS);
  return { window, resetEpochSeconds: ((window + 1) * RATE_LIMIT_WINDOW_MS) / 1000 };
}
