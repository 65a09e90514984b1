import { Global, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { NO_STORE } from './cache-control.decorator';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

function defaultNoStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', NO_STORE);
  next();
}

/**
 * Cross-cutting rules of the public API
 * (see docs/geo-scoring/read-routes.md#authentication-rate-limits-and-caching): Redis-backed per-IP
 * rate limits for routes that declare @RateLimit (per-credential limits: see ApiKeyGuard), and
 * Cache-Control: `private, no-store` unless a route opts into @EdgeCache.
 */
@Global()
@Module({
  providers: [RateLimiter, { provide: APP_GUARD, useClass: RateLimitGuard }],
  // Guards that authenticate a credential count its per-credential policy themselves.
  exports: [RateLimiter],
})
export class ApiPolicyModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(defaultNoStore).forRoutes({ path: 'api/{*rest}', method: RequestMethod.ALL });
  }
}
