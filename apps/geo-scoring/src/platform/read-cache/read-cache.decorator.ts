import { SetMetadata, UseInterceptors } from '@nestjs/common';
import { ReadCacheInterceptor } from './read-cache.interceptor';
import type { ReadCacheRoute } from './read-cache.keys';

export const READ_CACHE_ROUTE = 'geo:read-cache-route';

/**
 * Answers a GET route from the replica's coherent read cache (see docs/geo-scoring/read-cache.md).
 * `route` names how its key is built; every writer that changes what it shows must publish
 * through ReadCacheInvalidator.
 */
export const ReadCached = (route: ReadCacheRoute): MethodDecorator =>
  SetMetadata(READ_CACHE_ROUTE, route);

/**
 * Puts the read cache in front of a controller whose routes are @ReadCached. Write it directly
 * above @Controller: the class decorator nearest the class adds the outermost interceptor, so a
 * hit answers before the controller's other interceptors run (the cached answer carries their
 * Content-Type and Cache-Control already). Only such controllers carry it, not every route.
 */
export const ReadCacheable = (): ClassDecorator => UseInterceptors(ReadCacheInterceptor);
