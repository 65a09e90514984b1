import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';
import { EDGE_CACHE, EDGE_CACHE_HEADERS } from './cache-control.headers';

/**
 * Marks successful responses of @EdgeCache routes cacheable. It only runs on the success path:
 * errors keep the `private, no-store` the middleware set, so an edge never caches a 4xx or 5xx.
 */
@Injectable()
export class CacheControlInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = this.reflector.getAllAndOverride<keyof typeof EDGE_CACHE_HEADERS | undefined>(
      EDGE_CACHE,
      [context.getHandler(), context.getClass()],
    );
    if (kind === undefined || context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next
      .handle()
      .pipe(tap(() => response.setHeader('Cache-Control', EDGE_CACHE_HEADERS[kind])));
  }
}
