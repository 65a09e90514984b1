import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
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
export class AccessModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AccessMiddleware).forRoutes('api/v1/*path');
  }
}
