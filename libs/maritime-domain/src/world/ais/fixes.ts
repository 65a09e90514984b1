/**
 * The AIS fixes of one vessel over the AIS window: every 15 minutes on the vessel's own grid,
 * except inside its gaps; at the anchorage or berth during port calls, along the route (or
 * drifting at a stop) during voyages; displaced during spoofing episodes. Noise comes from a
 * stateless hash of (vessel, fix time), so any vessel's track can be produced on its own.
 */
import { latLngToCell } from 'h3-js';
import type { LatLon } from '../../geo';
import { FIX_INTERVAL_MS, ceilToFix } from '../behaviour/timeline-index';
import type { NearPortIndex } from '../geo/proximity';
import { hashUnit } from '../prng';
import { distanceAt, draftAt, segmentAt } from '../schedule/motion';
import type { Gap, PortCall, SpoofEpisode, VesselTimeline, Voyage } from '../types';

/** One fix, reused between yields: read it before asking for the next. */
export interface Fix {
  ts: number;
  lat: number;
  lon: number;
  h3: string;
  sogKn: number;
  cogDeg: number;
  heading: number;
  navStatus: number;
  draftM: number;
  terrestrial: boolean;
}

export interface FixContext {
  aisStartMs: number;
  asOfMs: number;
  terrestrial: NearPortIndex;
}

const round = (value: number, factor: number): number => Math.round(value * factor) / factor;
const METRES_IN_DEG = 1 / 111_320;

function inGap(gaps: readonly Gap[], t: number, cursor: { i: number }): boolean {
  while (cursor.i < gaps.length && ((gaps[cursor.i] as Gap).endMs ?? Number.POSITIVE_INFINITY) <= t)
    cursor.i += 1;
  const gap = gaps[cursor.i];
  return gap !== undefined && t > gap.startMs && (gap.endMs === null || t < gap.endMs);
}

function spoofAt(spoofs: readonly SpoofEpisode[], t: number): SpoofEpisode | null {
  for (const s of spoofs) if (t >= s.startMs && t <= s.endMs) return s;
  return null;
}

type Element = { call: PortCall } | { voyage: Voyage };

function elementsInWindow(
  tl: VesselTimeline,
  from: number,
  to: number,
): { start: number; end: number; element: Element }[] {
  const list: { start: number; end: number; element: Element }[] = [];
  for (const call of tl.calls)
    if (call.departMs > from && call.arriveMs < to)
      list.push({ start: call.arriveMs, end: call.departMs, element: { call } });
  for (const voyage of tl.voyages)
    if (voyage.arriveMs > from && voyage.departMs < to)
      list.push({ start: voyage.departMs, end: voyage.arriveMs, element: { voyage } });
  return list.sort((a, b) => a.start - b.start);
}

export function* vesselFixes(tl: VesselTimeline, ctx: FixContext): Generator<Fix> {
  const key = tl.vessel.noiseKey;
  const fix: Fix = {
    ts: 0,
    lat: 0,
    lon: 0,
    h3: '',
    sogKn: 0,
    cogDeg: 0,
    heading: 0,
    navStatus: 0,
    draftM: 0,
    terrestrial: false,
  };
  const gapCursor = { i: 0 };
  let lastLat = Number.NaN;
  let lastLon = Number.NaN;
  let lastCell = '';
  const elements = elementsInWindow(tl, ctx.aisStartMs, ctx.asOfMs);
  let t = ceilToFix(tl.vessel, ctx.aisStartMs);
  for (const { start, end, element } of elements) {
    for (; t < end && t < ctx.asOfMs; t += FIX_INTERVAL_MS) {
      if (t < start) continue;
      if (inGap(tl.gaps, t, gapCursor)) continue;
      const k = Math.floor(t / FIX_INTERVAL_MS);
      const u1 = hashUnit(key, k);
      const u2 = hashUnit(key ^ 0x5bd1e995, k);
      let position: LatLon;
      if ('call' in element) {
        const call = element.call;
        const anchored = t < call.berthMs;
        const base = anchored ? call.anchorage : call.berth;
        const spread = anchored ? 1500 : 300;
        // Each call has its own spot; an anchored ship swings a little around it.
        const spotLat = (hashUnit(key, call.arriveMs / 1000) - 0.5) * 2 * spread * METRES_IN_DEG;
        const spotLon =
          (hashUnit(key ^ 0x27d4eb2d, call.arriveMs / 1000) - 0.5) * 2 * spread * METRES_IN_DEG;
        const swing = anchored ? 60 * METRES_IN_DEG : 0;
        position = {
          lat: base.lat + spotLat + (u1 - 0.5) * swing,
          lon: base.lon + spotLon + (u2 - 0.5) * swing,
        };
        fix.sogKn = anchored ? round(u1 * 0.3, 10) : 0;
        fix.cogDeg = round(hashUnit(key, call.arriveMs / 1000 + 1) * 359.9, 10);
        fix.heading = Math.floor(fix.cogDeg) % 360;
        fix.navStatus = anchored ? 1 : 5;
        fix.draftM = t < (call.berthMs + call.departMs) / 2 ? call.draftArrM : call.draftDepM;
      } else {
        const voyage = element.voyage;
        const segment = segmentAt(voyage, t);
        fix.draftM = draftAt(voyage, t);
        if (segment.stop !== null) {
          const stop = segment.stop;
          const drift = stop.kind === 'fishing' ? 0.05 : 0.01;
          position = {
            lat: stop.position.lat + (u1 - 0.5) * drift,
            lon: stop.position.lon + (u2 - 0.5) * drift,
          };
          fix.sogKn = stop.kind === 'fishing' ? round(2 + u1 * 2, 10) : round(0.2 + u1 * 1.2, 10);
          fix.cogDeg = round(u2 * 359.9, 10);
          fix.heading = Math.floor(hashUnit(key, k + 7) * 359.9);
          fix.navStatus =
            stop.kind === 'fishing'
              ? 7
              : stop.kind === 'unplanned'
                ? 2
                : stop.kind === 'sts'
                  ? 3
                  : 0;
        } else {
          const d = distanceAt(segment, t);
          position = voyage.route.pointAt(d);
          const course = voyage.route.courseAt(d, position);
          fix.sogKn = round(Math.max(0, voyage.speedKn + (u1 - 0.5) * 0.8), 10);
          fix.cogDeg = round((course + (u2 - 0.5) * 2 + 360) % 360, 10) % 360;
          fix.heading = Math.floor((course + (u1 - 0.5) * 6 + 360) % 360) % 360;
          fix.navStatus = 0;
        }
      }
      const spoof = tl.spoofs.length > 0 ? spoofAt(tl.spoofs, t) : null;
      if (spoof !== null) {
        const lon = position.lon + spoof.offset.lon;
        position = {
          lat: Math.max(-89.9, Math.min(89.9, position.lat + spoof.offset.lat)),
          lon: ((lon + 540) % 360) - 180,
        };
      }
      fix.ts = t;
      fix.lat = round(position.lat, 100_000);
      fix.lon = round(position.lon, 100_000);
      if (fix.lat !== lastLat || fix.lon !== lastLon) {
        lastCell = latLngToCell(fix.lat, fix.lon, 8);
        lastLat = fix.lat;
        lastLon = fix.lon;
      }
      fix.h3 = lastCell;
      fix.terrestrial = ctx.terrestrial.portWithin(position) >= 0;
      yield fix;
    }
  }
}
