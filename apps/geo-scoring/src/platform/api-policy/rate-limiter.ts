import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { AppMetrics, retryAfterSeconds } from '@platform/http';
import { FixedWindowCounter, REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { RATE_LIMIT_WINDOW_MS, windowAt } from './rate-limit-policies';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetEpochSeconds: number;
  /** Seconds until the window ends, at least 1 (the Retry-After of a refusal). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Redis (see docs/geo-scoring/read-routes.md#rate-limits), so every
 * replica counts against the same window. Windows are minutes of the injected clock, like the
 * X-RateLimit-Reset they announce. Fails open: when Redis cannot answer, the request goes through
 * (logged and counted) rather than turning a cache outage into an API outage.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly counter: FixedWindowCounter;
  private readonly bypassed: Counter<'policy'>;

  constructor(
    @Inject(REDIS) redis: Redis,
    metrics: AppMetrics,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.bypassed = new Counter({
      name: 'geo_ratelimit_bypass_total',
      help: 'Requests let through unlimited because Redis could not count them',
      labelNames: ['policy'],
      registers: [metrics.registry],
    });
    this.counter = new FixedWindowCounter(redis);
  }

  /** Whether the subject's current window is already spent, without counting this request. */
  async exhausted(
    policy: string,
    subject: string,
    limit: number,
    nowMs = this.clock.nowMs(),
  ): Promise<boolean> {
    const { window } = windowAt(nowMs);
    try {
      return (await this.counter.count(`rl:${policy}:${subject}:${window}`)) >= limit;
    } catch (error) {
      this.bypassed.inc({ policy });
      this.logger.warn({ err: error, policy }, 'rate limiter unavailable; request let through');
      return false;
    }
  }

  async hit(
    policy: string,
    subject: string,
    limit: number,
    nowMs = this.clock.nowMs(),
  ): Promise<RateLimitDecision | undefined> {
    const { window, resetEpochSeconds } = windowAt(nowMs);
    try {
      // The connection's key prefix (geo:) completes `geo:rl:<policy>:<subject>:<window>`.
      // Windows are minutes of the clock, not from the first hit: the key only has to outlive
      // its minute.
      const { count } = await this.counter.hit(
        `rl:${policy}:${subject}:${window}`,
        RATE_LIMIT_WINDOW_MS + 5_000,
      );
      return {
        allowed: count <= limit,
        limit,
        remaining: limit - count,
        resetEpochSeconds,
        retryAfterSeconds: retryAfterSeconds(resetEpochSeconds, nowMs),
      };
    } catch (error) {
      this.bypassed.inc({ policy });
      this.logger.warn({ err: error, policy }, 'rate limiter unavailable; request let through');
      return undefined;
    }
  }
}
