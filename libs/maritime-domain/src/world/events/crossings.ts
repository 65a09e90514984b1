/** Where a route runs through risk zones, as distance intervals (cached per route). */
import { zoneContaining } from '../geo/proximity';
import type { ZoneCircle } from '../geo/proximity';
import type { Polyline } from '../geo/polyline';

export interface Crossing {
  zone: number;
  fromNm: number;
  toNm: number;
}

const STEP_NM = 5;
const cache = new WeakMap<Polyline, Crossing[]>();

export function zoneCrossings(route: Polyline, zones: readonly ZoneCircle[]): Crossing[] {
  const cached = cache.get(route);
  if (cached !== undefined) return cached;
  const crossings: Crossing[] = [];
  let open: Crossing | null = null;
  const steps = Math.max(1, Math.ceil(route.lengthNm / STEP_NM));
  for (let i = 0; i <= steps; i += 1) {
    const d = (route.lengthNm * i) / steps;
    const zone = zoneContaining(route.pointAt(d), zones);
    if (open !== null && zone !== open.zone) {
      open.toNm = d;
      crossings.push(open);
      open = null;
    }
    if (zone >= 0 && open === null) open = { zone, fromNm: d, toNm: route.lengthNm };
  }
  if (open !== null) crossings.push(open);
  cache.set(route, crossings);
  return crossings;
}
