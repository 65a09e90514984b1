/**
 * Builds one voyage: its route (possibly through a stop point such as an STS hotspot or a fishing
 * ground), the diversion round the Cape in the last six months, its stops and its motion.
 */
import { haversineKm } from '../../geo';
import type { LatLon } from '../../geo';
import type { RouteVariant, SeaGraph, SeaRoute } from '../geo/sea-graph';
import type { Rng } from '../prng';
import { ZONES } from '../reference/zones';
import type { ZoneKind } from '../reference/zones';
import type { StopKind } from '../types';
import { destinationPoint } from '../geo/proximity';
import { buildMotion } from './motion';
import type { Motion, StopRequest } from './motion';
import { PORT_GEOMETRY } from './port-geometry';
import { Polyline } from '../geo/polyline';

export interface PlannedStop {
  kind: StopKind;
  hours: number;
  /** Go through a point off the direct route (a zone or a ground); null: stop on the route. */
  via: { point: LatLon; zone: number | null } | null;
  draftAfterM: number | null;
}

export interface BuiltRoute {
  polyline: Polyline;
  chokepoints: readonly string[];
  /** Distance of the via point along the polyline, when there is one. */
  viaAtNm: number | null;
}

function mergeChokepoints(a: readonly string[], b: readonly string[]): string[] {
  const merged = [...a];
  for (const c of b) if (merged.at(-1) !== c) merged.push(c);
  return merged;
}

export function routeFor(
  graph: SeaGraph,
  origin: number,
  dest: number,
  variant: RouteVariant,
  via: LatLon | null,
): BuiltRoute {
  const berth = (PORT_GEOMETRY[origin] as (typeof PORT_GEOMETRY)[number]).berth;
  const anchorage = (PORT_GEOMETRY[dest] as (typeof PORT_GEOMETRY)[number]).anchorage;
  if (via === null) {
    const route: SeaRoute = graph.portToPort(origin, dest, variant, berth, anchorage);
    return { polyline: route.polyline, chokepoints: route.chokepoints, viaAtNm: null };
  }
  const out = graph.portToPoint(origin, via, variant, berth);
  const back = graph.pointToPort(via, dest, variant, anchorage);
  return {
    polyline: out.polyline.concat(back.polyline),
    chokepoints: mergeChokepoints(out.chokepoints, back.chokepoints),
    viaAtNm: out.polyline.lengthNm,
  };
}

/** Whether the shortest route passes the Bab-el-Mandeb (and so may be diverted). */
export function passesRedSea(graph: SeaGraph, origin: number, dest: number): boolean {
  return routeFor(graph, origin, dest, 'shortest', null).chokepoints.includes('bab-el-mandeb');
}

/** A zone of the allowed kinds near the direct route, by smallest detour, then a point inside it. */
export function zoneStopPoint(
  rng: Rng,
  origin: number,
  dest: number,
  kinds: readonly ZoneKind[],
): { point: LatLon; zone: number } {
  const a = (PORT_GEOMETRY[origin] as (typeof PORT_GEOMETRY)[number]).berth;
  const b = (PORT_GEOMETRY[dest] as (typeof PORT_GEOMETRY)[number]).berth;
  const direct = haversineKm(a, b);
  const ranked = ZONES.map((zone, index) => ({
    index,
    zone,
    detour: haversineKm(a, zone) + haversineKm(zone, b) - direct,
  }))
    .filter((z) => kinds.includes(z.zone.kind))
    .sort((x, y) => x.detour - y.detour || x.index - y.index);
  const chosen = ranked[Math.min(ranked.length - 1, rng.int(0, 1))];
  if (chosen === undefined) throw new RangeError('no zone of the requested kinds');
  const point = destinationPoint(
    chosen.zone,
    rng.float(0, 360),
    rng.float(0, 0.4) * chosen.zone.radiusKm,
  );
  return { point, zone: chosen.index };
}

export interface BuiltVoyage {
  route: BuiltRoute;
  motion: Motion;
}

/**
 * Motion of a voyage departing at `departMs` with the given stops. On-route stops sit at a random
 * point between 20 % and 80 % of the way; a via stop sits at its via point.
 */
export function buildVoyageMotion(
  rng: Rng,
  route: BuiltRoute,
  departMs: number,
  speedKn: number,
  stops: readonly PlannedStop[],
): Motion {
  const requests: StopRequest[] = stops.map((stop) => {
    const atNm =
      stop.via !== null && route.viaAtNm !== null
        ? route.viaAtNm
        : rng.float(0.2, 0.8) * route.polyline.lengthNm;
    const position = stop.via !== null ? stop.via.point : route.polyline.pointAt(atNm);
    return {
      kind: stop.kind,
      atNm,
      durationH: stop.hours,
      position,
      zone: stop.via?.zone ?? null,
      draftAfterM: stop.draftAfterM,
      sts: null,
    };
  });
  return buildMotion(departMs, speedKn, route.polyline.lengthNm, requests);
}
