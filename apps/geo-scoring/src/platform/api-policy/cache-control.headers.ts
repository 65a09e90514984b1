/** Cache-Control of successful responses (see docs/geo-scoring/read-routes.md#cache-control). */
export const EDGE_CACHE_HEADERS = {
  /** Both heatmaps: an hour at the edge, a day stale while revalidating. */
  heatmap: 'public, s-maxage=3600, stale-while-revalidate=86400',
  /** Other open GET routes. */
  public: 'public, s-maxage=300, stale-while-revalidate=600',
} as const;

/** What every other /api response carries: errors, /api/v1, session routes, undecorated routes. */
export const NO_STORE = 'private, no-store';

export const EDGE_CACHE = 'geo:edge-cache';
