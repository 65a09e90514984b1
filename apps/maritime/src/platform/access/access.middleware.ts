import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError, retryAfterSeconds, setRateLimitHeaders } from '@platform/http';
import { effectiveRateLimit, planLimits } from '@platform/maritime-domain';
import type { NextFunction, Request, Response } from 'express';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { setCaller } from './caller';
import { SlidingWindowLimiter } from './sliding-window.limiter';

/**
 * Runs first on every /api/v1 request, route or not: resolves X-API-Key, counts the request
 * against the key's plan rate (or the client IP's free rate) and writes the X-RateLimit-*
 * headers, which therefore ride on every answer, errors included. An unknown or revoked key
 * answers 401 invalid_api_key, counted against the IP so guessing keys is throttled too. What a
 * route requires (a key, analyst access, a plan) is the AccessGuard's part, after this.
 */
@Injectable()
export class AccessMiddleware implements NestMiddleware {
  constructor(
    @Inject(ApiKeysService) private readonly keys: ApiKeysService,
    @Inject(SlidingWindowLimiter) private readonly limiter: SlidingWindowLimiter,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

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
    const key = value === undefined || value === '' ? undefined : await this.keys.resolve(value);
    const invalidKey = value !== undefined && value !== '' && key === undefined;
    const access = key ? key.plan : 'anonymous';
    const subject = key ? `k:${key.id}` : `ip:${ip}`;
    const limit = key
      ? effectiveRateLimit(key.plan, key.rateLimitPerMin)
      : planLimits('anonymous').requests_per_minute;
    const decision = await this.limiter.hit(subject, limit, this.clock.nowMs());
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
}
