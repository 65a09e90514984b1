import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { EDGE_CACHE, EDGE_CACHE_HEADERS } from './cache-control.headers';
import { CacheControlInterceptor } from './cache-control.interceptor';

export { EDGE_CACHE, EDGE_CACHE_HEADERS, NO_STORE } from './cache-control.headers';

/** Marks a route or controller edge-cacheable; its interceptor rides only on such routes. */
export const EdgeCache = (
  kind: keyof typeof EDGE_CACHE_HEADERS,
): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(EDGE_CACHE, kind), UseInterceptors(CacheControlInterceptor));
