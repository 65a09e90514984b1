import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError, AppMetrics, retryAfterSeconds, setRateLimitHeaders } from '@platform/http';
import { effectiveRateLimit, planLimits } from '@platform/maritime-domain';
import type { NextFunction, Request, Response } from 'express';
import { Counter } from 'prom-client';
import type { ApiKeyRecord } from '../api-keys/api-key';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { setCaller } from './caller';
import { OUTDATED_KEY, RateDecision, SlidingWindowLimiter } from './sliding-window.limiter';

/** Where a presented key was resolved from (see resolveAndCount). */
type KeySource = 'memory' | 'database' | 'reload_outdated' | 'reload_unverified';

function rateOf(key: ApiKeyRecord): number {
  return effectiveRateLimit(key.plan, key.rateLimitPerMin);
}

/**
 * Runs first on every /api/v1 request, route or not: resolves X-API-Key, counts the request
 * against the key's plan rate (or the client IP's free rate) and writes the X-RateLimit-*
 * headers, which therefore ride on every answer, errors included. An unknown or revoked key
 * answers 401 invalid_api_key, counted against the IP so guessing keys is throttled too. What a
 * route requires (a key, analyst access, a plan) is the AccessGuard's part, after this.
 */
@Injectable()
export class AccessMiddleware implements NestMiddleware {
  private readonly resolutions: Counter<'source'>;

  constructor(
    @Inject(ApiKeysService) private readonly keys: ApiKeysService,
    @Inject(SlidingWindowLimiter) private readonly limiter: SlidingWindowLimiter,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppMetrics) metrics: AppMetrics,
  ) {
    this.resolutions = new Counter({
      name: 'mar_api_key_resolutions_total',
      help: 'Presented API keys by where they were resolved: memory, database (first use on this replica), or read again because a change was published (reload_outdated) or Redis could not check the copy (reload_unverified)',
      labelNames: ['source'],
      registers: [metrics.registry],
    });
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    try {
      await this.admit(request, response);
      next();
    } catch (error) {
      next(error);
    }
  }

  private async admit(request: Request, response: Response): Promise<void> {
    const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const presented = request.headers['x-api-key'];
    const value = Array.isArray(presented) ? presented[0] : presented;
    const { key, decision } =
      value === undefined || value === ''
        ? { key: undefined, decision: await this.countIp(ip) }
        : await this.resolveAndCount(value, ip);
    const invalidKey = value !== undefined && value !== '' && key === undefined;
    const access = key ? key.plan : 'anonymous';
    const limit = decision.limit;
    setRateLimitHeaders(response, {
      limit: decision.limit,
      remaining: decision.remaining,
      resetEpochSeconds: decision.resetEpochSeconds,
    });
    if (!decision.allowed) {
      const retryAfter = retryAfterSeconds(decision.resetEpochSeconds, this.clock.nowMs());
      throw new ApiError(
        429,
        'rate_limited',
        `Rate limit of ${limit} requests per minute exceeded`,
        {
          headers: { 'Retry-After': String(retryAfter) },
        },
      );
    }
    if (invalidKey)
      throw ApiError.unauthorized('invalid_api_key', 'The API key is unknown or revoked');
    setCaller(request, {
      key: key ?? null,
      access,
      limits: planLimits(access),
      ip,
      rate: decision,
    });
  }

  /**
   * The presented key and its counted request. A copy from memory is checked by the limiter
   * against the key's published version in the same script that counts the request; an
   * outdated copy is read again from PostgreSQL, and so is any copy when Redis cannot vouch for
   * it, so a revocation or a plan change counts on the next request either way. An unknown or
   * revoked key is counted against the client IP.
   */
  private async resolveAndCount(
    value: string,
    ip: string,
  ): Promise<{ key: ApiKeyRecord | undefined; decision: RateDecision }> {
    let resolved = await this.keys.resolve(value);
    if (resolved) this.counted(resolved.cached ? 'memory' : 'database');
    for (let attempt = 1; resolved; attempt += 1) {
      const { record, cached } = resolved;
      const nowMs = this.clock.nowMs();
      // Two outdated answers in a row mean changes are landing right now: the third attempt is
      // counted unchecked, like any request that arrives while a change is made.
      const decision = await this.limiter.hitKey(
        record.id,
        attempt < 3 ? record.version : undefined,
        rateOf(record),
        nowMs,
      );
      if (decision === OUTDATED_KEY) {
        this.counted('reload_outdated');
        resolved = await this.keys.resolveFresh(value);
        continue;
      }
      if (!decision.failedOpen || !cached) return { key: record, decision };
      // Redis cannot vouch for the copy: PostgreSQL decides, and the request goes uncounted like
      // any other while Redis is away.
      this.counted('reload_unverified');
      resolved = await this.keys.resolveFresh(value);
      if (resolved) {
        const fresh = resolved.record;
        return { key: fresh, decision: this.limiter.openDecision(rateOf(fresh), nowMs) };
      }
    }
    return { key: undefined, decision: await this.countIp(ip) };
  }

  private counted(source: KeySource): void {
    this.resolutions.inc({ source });
  }

  private countIp(ip: string): Promise<RateDecision> {
    const limit = planLimits('anonymous').requests_per_minute;
    return this.limiter.hit(`ip:${ip}`, limit, this.clock.nowMs());
  }
}
