import type { Request } from 'express';
import { METRO_SLUG_PATTERN } from '@platform/geo-domain';
import { decimalOf } from '../../api/nearby/dto/nearby-query.dto';
import { DISTRIBUTION_SIGNALS } from '../../api/tier-distribution/dto/tier-distribution.query';
import { isRes8Cell } from '../api-policy/query-params';

/** The read routes answered from the read cache (see docs/geo-scoring/read-cache.md). */
export const READ_CACHE_ROUTES = [
  'cell',
  'discover',
  'tier-distribution',
  'activity-heatmap',
  'heatmap-dimension',
  'nearby',
] as const;
export type ReadCacheRoute = (typeof READ_CACHE_ROUTES)[number];

/** What a key is computed from: the route's path parameters, its query and the clock's day. */
export interface KeyInput {
  params: Request['params'];
  query: Request['query'];
  today: string;
}

// The integer syntax the routes' own parsing accepts (see api-policy/query-params.ts).
const INTEGER = /^[+-]?\d{1,15}$/;

/** A query value that is one plain string, else undefined (absent, repeated, nested). */
function single(query: Request['query'], name: string): string | undefined | null {
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function onlyKnown(query: Request['query'], known: readonly string[]): boolean {
  return Object.keys(query).every((name) => known.includes(name));
}

/** An integer threshold in [min, max] as its canonical text; null when the route would refuse it. */
function threshold(value: string | undefined | null, min: number, max: number): string | null {
  if (value === undefined) return '';
  if (value === null || !INTEGER.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? String(n) : null;
}

const DISCOVER_PARAMS = ['metro', 'compositeMin', 'businessMin', 'safetyMin', 'limit'];

function discoverKey({ query }: KeyInput): string | undefined {
  if (!onlyKnown(query, DISCOVER_PARAMS)) return undefined;
  const metro = single(query, 'metro');
  if (metro === null || (metro !== undefined && !METRO_SLUG_PATTERN.test(metro))) return undefined;
  const parts = [`metro=${metro ?? ''}`];
  for (const name of ['businessMin', 'compositeMin', 'safetyMin']) {
    const value = threshold(single(query, name), 0, 100);
    if (value === null) return undefined;
    parts.push(`${name}=${value}`);
  }
  // limit is clamped into 1..200 (default 50), so 500 and 200 share one entry.
  const limit = single(query, 'limit');
  if (limit === null || (limit !== undefined && !INTEGER.test(limit))) return undefined;
  const clamped = limit === undefined ? 50 : Math.min(200, Math.max(1, Number(limit)));
  parts.push(`limit=${clamped}`);
  return `discover?${parts.sort().join('&')}`;
}

function tierDistributionKey({ query }: KeyInput): string | undefined {
  if (!onlyKnown(query, ['metro', 'signal'])) return undefined;
  const metro = single(query, 'metro');
  if (typeof metro !== 'string' || !METRO_SLUG_PATTERN.test(metro)) return undefined;
  const given = single(query, 'signal');
  // Repeated (null) is refused by the route: never a key. Absent takes the route's default.
  if (given === null) return undefined;
  const signal = given ?? 'safety_environment';
  if (!(DISTRIBUTION_SIGNALS as readonly string[]).includes(signal)) return undefined;
  return `tier-distribution?metro=${metro}&signal=${signal}`;
}

function cellKey({ params, query }: KeyInput): string | undefined {
  const h3Index = params['h3Index'];
  if (Object.keys(query).length > 0 || !isRes8Cell(h3Index)) return undefined;
  return `cell/${h3Index}`;
}

/** A coordinate the nearby route accepts, as the number it reads; undefined when it would refuse. */
function coordinate(query: Request['query'], name: string, limit: number): number | undefined {
  const value = decimalOf(single(query, name));
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= limit
    ? value
    : undefined;
}

/** Per point as the route reads it (`lat=42.36010` and `42.3601` share one entry), per day. */
function nearbyKey({ query, today }: KeyInput): string | undefined {
  if (!onlyKnown(query, ['lat', 'lng'])) return undefined;
  const lat = coordinate(query, 'lat', 90);
  const lng = coordinate(query, 'lng', 180);
  if (lat === undefined || lng === undefined) return undefined;
  return `nearby?lat=${lat}&lng=${lng}@${today}`;
}

/**
 * The cache key of a request: the route and its canonical parameters (sorted, defaults applied,
 * clamped as the route clamps), so equivalent queries share one entry. Undefined when the request
 * is anything the route would refuse or read differently: it then runs exactly as without cache.
 * The heatmaps ignore the query string and cover the 90 days up to the clock's today.
 */
export function readCacheKey(route: ReadCacheRoute, input: KeyInput): string | undefined {
  switch (route) {
    case 'cell':
      return cellKey(input);
    case 'discover':
      return discoverKey(input);
    case 'tier-distribution':
      return tierDistributionKey(input);
    case 'activity-heatmap':
      return `activity-heatmap@${input.today}`;
    case 'heatmap-dimension':
      return input.params['dimension'] === 'crime' ? `heatmap/crime@${input.today}` : undefined;
    case 'nearby':
      return nearbyKey(input);
  }
}
