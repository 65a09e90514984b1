import { SetMetadata } from '@nestjs/common';
import type { ReadCacheRoute } from './read-cache.keys';

export const READ_CACHE_ROUTE = 'geo:read-cache-route';

/**
 * Answers a GET route from the replica's coherent read cache (see docs/geo-scoring/read-cache.md).
 * `route` names how its key is built; every writer that changes what it shows must publish
 * through ReadCacheInvalidator.
 */
export const ReadCached = (route: ReadCacheRoute): MethodDecorator =>
  SetMetadata(READ_CACHE_ROUTE, route);
