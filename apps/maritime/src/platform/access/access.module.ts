import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AccessGuard } from './access.guard';
import { AccessMiddleware } from './access.middleware';
import { DataWindow } from './data-window';
import { SlidingWindowLimiter } from './sliding-window.limiter';

/**
 * Keys, plan rate limits and route access rules for everything under /api/v1, and the plans'
 * view of the timeline (DataWindow) every feature uses.
 */
@Global()
@Module({
  imports: [ApiKeysModule],
  exports: [DataWindow],
  providers: [
    DataWindow,
    SlidingWindowLimiter,
    AccessMiddleware,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
})
export class AccessModule {}

/** Every path under /api/v1/, routed or not (the rule `api/v1/*path` had as a Nest route). */
const API_V1_PATH = /^\/api\/v1\/./is;

/**
 * Mounts the access middleware in front of everything under /api/v1 as a plain Express
 * middleware (createApp calls it before the routes exist). Bound through Nest's
 * MiddlewareConsumer it was a wildcard route that Express matched, decoded into a parameter and
 * Nest wrapped, on every request.
 */
export function mountAccess(app: NestExpressApplication): void {
  const access = app.get(AccessMiddleware);
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (API_V1_PATH.test(request.path)) void access.use(request, response, next);
    else next();
  });
}
