import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Clock } from '@platform/clock';
import etag from 'etag';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, mergeMap, Observable, of } from 'rxjs';
import { EDGE_CACHE, EDGE_CACHE_HEADERS } from '../api-policy/cache-control.headers';
import { READ_CACHE_ROUTE } from './read-cache.decorator';
import { ReadCacheCoherence } from './read-cache.coherence';
import { readCacheKey, ReadCacheRoute } from './read-cache.keys';
import { ReadCacheMetrics } from './read-cache.metrics';
import { CachedAnswer, ReadCacheStore } from './read-cache.store';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The weak ETag Express itself computes for a body, so cached answers carry the same. */
export function weakEtag(body: string): string {
  return etag(body, { weak: true });
}

/**
 * Answers @ReadCached routes from the read cache (see docs/geo-scoring/read-cache.md). It runs
 * after the guards, so rate limits count every request. A hit emits the stored JSON text; Express
 * sends a string as it is, with the stored Content-Type and ETag, and answers 304 itself when
 * If-None-Match matches. Only answers that went through the route successfully are stored: an
 * error never reaches the store.
 */
@Injectable()
export class ReadCacheInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ReadCacheStore) private readonly store: ReadCacheStore,
    @Inject(ReadCacheCoherence) private readonly coherence: ReadCacheCoherence,
    @Inject(ReadCacheMetrics) private readonly metrics: ReadCacheMetrics,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const route = this.reflector.get<ReadCacheRoute | undefined>(
      READ_CACHE_ROUTE,
      context.getHandler(),
    );
    if (route === undefined || !this.coherence.serving) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    const key = readCacheKey(route, {
      params: request.params,
      query: request.query,
      today: this.clock.today(),
    });
    if (key === undefined) return next.handle();
    const cacheControl = this.cacheControl(context);
    const hit = this.store.get(key);
    if (hit !== undefined) {
      this.metrics.hit(route);
      return of(replay(response, hit, cacheControl));
    }
    const fill = this.store.fill(key, () => this.compute(route, next, response));
    if (fill.leader) return from(fill.answer).pipe(map((a) => replay(response, a, cacheControl)));
    // A follower replays the leader's answer; when the leader failed it runs as it would have
    // without the cache, so it answers its own error.
    return from(
      fill.answer.then(
        (a) => a,
        () => undefined,
      ),
    ).pipe(
      mergeMap((answer) =>
        answer === undefined
          ? this.countedRun(route, next)
          : of(replay(response, answer, cacheControl)),
      ),
    );
  }

  private async compute(
    route: ReadCacheRoute,
    next: CallHandler,
    response: Response,
  ): Promise<CachedAnswer> {
    this.metrics.fill(route);
    const value: unknown = await lastValueFrom(next.handle());
    // What res.json() would send (no replacer, no spaces: the app's defaults).
    const body = JSON.stringify(value);
    if (typeof value !== 'object' || value === null || body === undefined) {
      throw new Error(`read cache: route ${route} answered something other than a JSON object`);
    }
    // Inner interceptors (e.g. the GeoJSON one) set their type on the success path.
    const type = response.getHeader('Content-Type');
    return { body, etag: weakEtag(body), contentType: typeof type === 'string' ? type : JSON_TYPE };
  }

  private countedRun(route: ReadCacheRoute, next: CallHandler): Observable<unknown> {
    this.metrics.fill(route);
    return next.handle();
  }

  /** The @EdgeCache policy: set here too, since a hit may not pass the policy's interceptor. */
  private cacheControl(context: ExecutionContext): string | undefined {
    const kind = this.reflector.getAllAndOverride<keyof typeof EDGE_CACHE_HEADERS | undefined>(
      EDGE_CACHE,
      [context.getHandler(), context.getClass()],
    );
    return kind === undefined ? undefined : EDGE_CACHE_HEADERS[kind];
  }
}

function replay(response: Response, answer: CachedAnswer, cacheControl?: string): string {
  response.setHeader('Content-Type', answer.contentType);
  response.setHeader('ETag', answer.etag);
  if (cacheControl !== undefined) response.setHeader('Cache-Control', cacheControl);
  return answer.body;
}
