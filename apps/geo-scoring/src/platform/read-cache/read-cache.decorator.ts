import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ReadCacheInterceptor } from './read-cache.interceptor';
import type { ReadCacheRoute } from './read-cache.keys';

export const READ_CACHE_ROUTE = 'geo:read-cache-route';

/**
 * Answers a GET route from the replica's coherent read cache (see docs/geo-scoring/read-cache.md).
 * `route` names how its key is built; every writer that changes what it shows must publish
 * through ReadCacheInvalidator.
 */
export const ReadCached = (route: ReadCacheRoute): MethodDecorator =>
  // Attached to the route itself rather than globally: Nest pays for every interceptor on every
  // request it wraps (probes included), so only the cached routes carry this one.
  applyDecorators(SetMetadata(READ_CACHE_ROUTE, route), UseInterceptors(ReadCacheInterceptor));
