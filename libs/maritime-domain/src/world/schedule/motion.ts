/**
 * A voyage's motion: constant speed along its route, interrupted by stops. Answers where the
 * vessel is at an instant and when it reaches a distance.
 */
import type { LatLon } from '../../geo';
import { HOUR_MS } from '../time';
import type { MotionSegment, Stop, StopKind, Voyage } from '../types';

export interface StopRequest {
  kind: StopKind;
  atNm: number;
  durationH: number;
  position: LatLon;
  zone: number | null;
  draftAfterM: number | null;
  sts: number | null;
}

export interface Motion {
  segments: MotionSegment[];
  stops: Stop[];
  arriveMs: number;
}

export function buildMotion(
  departMs: number,
  speedKn: number,
  lengthNm: number,
  requests: readonly StopRequest[],
): Motion {
  const sorted = [...requests].sort((a, b) => a.atNm - b.atNm);
  const segments: MotionSegment[] = [];
  const stops: Stop[] = [];
  let t = departMs;
  let d = 0;
  const move = (to: number): void => {
    if (to <= d) return;
    const t1 = t + Math.round(((to - d) / speedKn) * HOUR_MS);
    segments.push({ t0: t, t1, d0: d, d1: to, stop: null });
    t = t1;
    d = to;
  };
  for (const request of sorted) {
    move(Math.min(lengthNm, Math.max(d, request.atNm)));
    const stop: Stop = {
      kind: request.kind,
      atNm: d,
      startMs: t,
      endMs: t + Math.round(request.durationH * HOUR_MS),
      position: request.position,
      zone: request.zone,
      draftAfterM: request.draftAfterM,
      sts: request.sts,
    };
    stops.push(stop);
    segments.push({ t0: stop.startMs, t1: stop.endMs, d0: d, d1: d, stop });
    t = stop.endMs;
  }
  move(lengthNm);
  if (segments.length === 0)
    segments.push({ t0: t, t1: t + 60_000, d0: 0, d1: lengthNm, stop: null });
  return { segments, stops, arriveMs: (segments.at(-1) as MotionSegment).t1 };
}

/** The segment in progress at t (the first or last one outside the voyage). */
export function segmentAt(voyage: Voyage, t: number): MotionSegment {
  const segments = voyage.segments;
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segments[mid] as MotionSegment).t0 <= t) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo] as MotionSegment;
}

/** Distance along the route at t. */
export function distanceAt(segment: MotionSegment, t: number): number {
  if (segment.d0 === segment.d1 || segment.t1 <= segment.t0) return segment.d0;
  const f = Math.max(0, Math.min(1, (t - segment.t0) / (segment.t1 - segment.t0)));
  return segment.d0 + (segment.d1 - segment.d0) * f;
}

/** The first instant the voyage reaches distance d. */
export function timeAtDistance(voyage: Voyage, d: number): number {
  for (const s of voyage.segments) {
    if (d > s.d1) continue;
    if (s.d1 === s.d0) return s.t0;
    return s.t0 + ((Math.max(d, s.d0) - s.d0) / (s.d1 - s.d0)) * (s.t1 - s.t0);
  }
  return voyage.arriveMs;
}

/** The reported draft at t: the departure draft until a transfer changes it. */
export function draftAt(voyage: Voyage, t: number): number {
  let draft = voyage.draftDepM;
  for (const stop of voyage.stops)
    if (stop.draftAfterM !== null && stop.endMs <= t) draft = stop.draftAfterM;
  return draft;
}

/** The true position at t (stops drift a little around their point). */
export function positionAt(voyage: Voyage, t: number): LatLon {
  const segment = segmentAt(voyage, t);
  if (segment.stop !== null) return segment.stop.position;
  return voyage.route.pointAt(distanceAt(segment, t));
}
