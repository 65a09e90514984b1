import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GeoScoringConfig } from '@platform/config';
import type { Request, Response } from 'express';
import { RATE_LIMIT_POLICY } from './rate-limit.decorator';
import { IpRateLimitPolicy, RATE_LIMIT_POLICIES } from './rate-limit-policies';
import { clientIp, enforceRateLimit } from './rate-limited.error';
import { RateLimiter } from './rate-limiter';

/** Applies the per-IP @RateLimit policies to every route that declares one. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    private readonly config: GeoScoringConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http' || !this.config.RATE_LIMITS_ENABLED) return true;
    const policy = this.reflector.getAllAndOverride<IpRateLimitPolicy | undefined>(
      RATE_LIMIT_POLICY,
      [context.getHandler(), context.getClass()],
    );
    if (policy === undefined) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const decision = await this.limiter.hit(
      policy,
      `ip:${clientIp(request)}`,
      RATE_LIMIT_POLICIES[policy].limit,
    );
    enforceRateLimit(http.getResponse<Response>(), decision);
    return true;
  }
}
