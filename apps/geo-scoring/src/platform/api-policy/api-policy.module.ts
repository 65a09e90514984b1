import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { NO_STORE } from './cache-control.decorator';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

const API_PATH = /^\/api\//i;

/**
 * `Cache-Control: private, no-store` on every /api/ answer unless a route's @EdgeCache replaces
 * it on success. A plain Express middleware (mounted by createApp) rather than a Nest one: Nest
 * registers a path-bound middleware as a wildcard route, which matched, decoded the wildcard
 * and wrapped the call on every request, about 7 % of a cached read's CPU.
 */
export function noStoreByDefault(request: Request, response: Response, next: NextFunction): void {
  if (API_PATH.test(request.path)) response.setHeader('Cache-Control', NO_STORE);
  next();
}

/**
 * Cross-cutting rules of the public API
 * (see docs/geo-scoring/read-routes.md#authentication-rate-limits-and-caching): Redis-backed per-IP
 * rate limits for routes that declare @RateLimit (per-credential limits: see ApiKeyGuard), and
 * Cache-Control: `private, no-store` unless a route opts into @EdgeCache (noStoreByDefault).
 */
@Global()
@Module({
  providers: [RateLimiter, { provide: APP_GUARD, useClass: RateLimitGuard }],
  // Guards that authenticate a credential count its per-credential policy themselves.
  exports: [RateLimiter],
})
export class ApiPolicyModule {}
