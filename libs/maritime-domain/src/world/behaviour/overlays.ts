/**
 * AIS gaps and spoofing episodes laid over a vessel's schedule. They never change where the vessel
 * is, only what it reports: a gap removes fixes (and is a dark event with exactly its start and
 * end), a spoofing episode displaces a few fixes far from the true track.
 */
import { haversineNm } from '../../geo';
import type { LatLon } from '../../geo';
import { zoneCrossings } from '../events/crossings';
import { destinationPoint, zoneContaining } from '../geo/proximity';
import type { ZoneCircle } from '../geo/proximity';
import type { Rng } from '../prng';
import { positionAt, timeAtDistance } from '../schedule/motion';
import { DAY_MS, HOUR_MS } from '../time';
import type { Gap, SpoofEpisode, Vessel, VesselTimeline, Voyage } from '../types';
import type { BehaviourPlan, TimedTarget } from './targets';
import {
  atSeaThroughout,
  ceilToFix,
  FIX_INTERVAL_MS,
  floorToFix,
  overlaps,
  voyageAt,
} from './timeline-index';
import type { Interval } from './timeline-index';

export interface OverlayContext {
  asOfMs: number;
  historyStartMs: number;
  aisStartMs: number;
  zones: readonly ZoneCircle[];
}

const MIN_GAP_H = 6.5;
/** How far from its target instant a gap may move to find a fitting place. */
const SEARCH_DAYS = 30;

function makeGap(
  vessel: Vessel,
  voyage: Voyage,
  from: number,
  to: number | null,
  zones: readonly ZoneCircle[],
): Gap {
  const start = positionAt(voyage, from);
  const end = to === null ? null : positionAt(voyage, to);
  const startZone = zoneContaining(start, zones);
  const endZone = end === null ? -1 : zoneContaining(end, zones);
  const zone = startZone >= 0 ? startZone : endZone >= 0 ? endZone : null;
  return { vessel: vessel.index, startMs: from, endMs: to, start, end, zone };
}

/** Places gaps for one vessel, keeping them apart from each other and from spoofing. */
export class GapPlacer {
  private readonly taken: Interval[];

  constructor(
    private readonly rng: Rng,
    private readonly tl: VesselTimeline,
    private readonly ctx: OverlayContext,
    reserved: readonly Gap[],
  ) {
    this.taken = [
      ...reserved.map((g) => ({ from: g.startMs, to: g.endMs ?? ctx.asOfMs })),
      ...tl.spoofs.map((s) => ({ from: s.startMs - HOUR_MS, to: s.endMs + HOUR_MS })),
    ];
  }

  /** Whether [from, to] may be a gap of `voyage`: at sea, clear of stops, other gaps and the window edge. */
  private fits(voyage: Voyage, from: number, to: number): boolean {
    const { ctx } = this;
    if (
      from < voyage.departMs + HOUR_MS ||
      to > voyage.arriveMs - HOUR_MS ||
      to > ctx.asOfMs ||
      from < ctx.historyStartMs
    )
      return false;
    // A gap straddling the start of the AIS window could not be seen opening by any detector.
    if (from < ctx.aisStartMs + HOUR_MS && to > ctx.aisStartMs - HOUR_MS) return false;
    return !overlaps(this.taken, from, to, 2 * HOUR_MS);
  }

  private accept(voyage: Voyage, from: number, to: number): Gap {
    this.taken.push({ from, to });
    return makeGap(this.tl.vessel, voyage, from, to, this.ctx.zones);
  }

  private candidates(target: TimedTarget, fromMs: number, toMs: number): Voyage[] {
    return this.tl.voyages
      .filter(
        (v) =>
          v.arriveMs > Math.max(fromMs, target.at - SEARCH_DAYS * DAY_MS) &&
          v.departMs < Math.min(toMs, target.at + SEARCH_DAYS * DAY_MS),
      )
      .sort((a, b) => Math.abs(a.departMs - target.at) - Math.abs(b.departMs - target.at));
  }

  /** An open-sea gap near the target, outside zones when `avoidZones`. */
  openSea(target: TimedTarget, fromMs: number, toMs: number, avoidZones: boolean): Gap | null {
    const vessel = this.tl.vessel;
    const hours = Math.max(MIN_GAP_H, target.hours);
    for (const v of this.candidates(target, fromMs, toMs)) {
      const earliest = Math.max(v.departMs + 2 * HOUR_MS, fromMs);
      const latest = Math.min(v.arriveMs - 2 * HOUR_MS, toMs) - hours * HOUR_MS;
      for (let attempt = 0; attempt < 4 && latest > earliest; attempt += 1) {
        const from = ceilToFix(vessel, this.rng.float(earliest, latest));
        const to = ceilToFix(vessel, from + hours * HOUR_MS);
        if (!this.fits(v, from, to) || v.stops.some((s) => from < s.endMs && to > s.startMs))
          continue;
        if (
          avoidZones &&
          (zoneContaining(positionAt(v, from), this.ctx.zones) >= 0 ||
            zoneContaining(positionAt(v, to), this.ctx.zones) >= 0)
        )
          continue;
        return this.accept(v, from, to);
      }
    }
    return null;
  }

  /** A gap opening while the vessel lies stopped in a zone (a dark ship-to-ship transfer). */
  atZoneStop(target: TimedTarget, fromMs: number, toMs: number): Gap | null {
    const vessel = this.tl.vessel;
    for (const v of this.candidates(target, fromMs, toMs))
      for (const stop of v.stops) {
        if (stop.zone === null || stop.startMs < fromMs || stop.startMs > toMs) continue;
        const from = ceilToFix(vessel, stop.startMs + this.rng.float(0.3, 2) * HOUR_MS);
        const to = ceilToFix(
          vessel,
          Math.max(
            from + MIN_GAP_H * HOUR_MS,
            stop.endMs + this.rng.float(1, 6) * HOUR_MS,
            from + target.hours * HOUR_MS,
          ),
        );
        if (this.fits(v, from, to)) return this.accept(v, from, to);
      }
    return null;
  }

  /** A gap opening inside a risk zone the route runs through. */
  inZoneTransit(target: TimedTarget, fromMs: number, toMs: number): Gap | null {
    const vessel = this.tl.vessel;
    for (const v of this.candidates(target, fromMs, toMs))
      for (const crossing of zoneCrossings(v.route, this.ctx.zones)) {
        const d = crossing.fromNm + (crossing.toNm - crossing.fromNm) * this.rng.float(0.1, 0.5);
        const from = floorToFix(vessel, timeAtDistance(v, d));
        const to = ceilToFix(vessel, from + Math.max(MIN_GAP_H, target.hours) * HOUR_MS);
        if (from < fromMs || from > toMs || !this.fits(v, from, to)) continue;
        if (v.stops.some((s) => from < s.endMs && to > s.startMs)) continue;
        if (zoneContaining(positionAt(v, from), this.ctx.zones) < 0) continue;
        return this.accept(v, from, to);
      }
    return null;
  }

  /** A gap still open at asOf, when the vessel is at sea then. */
  openAtEnd(): Gap | null {
    const { ctx, tl } = this;
    const last = voyageAt(tl.voyages, ctx.asOfMs - 1);
    if (last === null) return null;
    const from = ceilToFix(tl.vessel, ctx.asOfMs - this.rng.float(8, 60) * HOUR_MS);
    if (from < last.departMs + 2 * HOUR_MS || overlaps(this.taken, from, ctx.asOfMs, 2 * HOUR_MS))
      return null;
    if (from < ctx.aisStartMs + HOUR_MS) return null;
    this.taken.push({ from, to: ctx.asOfMs });
    return makeGap(tl.vessel, last, from, null, ctx.zones);
  }
}

/** The window a target belongs to: the last 90 days, or the history before them. */
export function targetRange(target: TimedTarget, ctx: OverlayContext): [number, number] {
  const recent = ctx.asOfMs - 90 * DAY_MS;
  return target.at >= recent
    ? [recent + DAY_MS, ctx.asOfMs]
    : [ctx.historyStartMs, recent - DAY_MS];
}

/** Places the planned gaps (and the gap open at asOf); returns all gaps in time order. */
export function placeGaps(
  rng: Rng,
  tl: VesselTimeline,
  plan: BehaviourPlan,
  reserved: readonly Gap[],
  ctx: OverlayContext,
): Gap[] {
  const placer = new GapPlacer(rng, tl, ctx, reserved);
  const gaps: Gap[] = [...reserved];
  const clean = tl.vessel.profile === 'clean';
  for (const target of plan.gaps) {
    const [from, to] = targetRange(target, ctx);
    const gap =
      !clean && target.inZone
        ? (placer.atZoneStop(target, from, to) ?? placer.inZoneTransit(target, from, to))
        : null;
    const placed = gap ?? placer.openSea(target, from, to, clean);
    if (placed !== null) gaps.push(placed);
  }
  if (plan.openGapAtEnd) {
    const open = placer.openAtEnd();
    if (open !== null) gaps.push(open);
  }
  return gaps.sort((a, b) => a.startMs - b.startMs);
}

/** A partner's gap covering a ship-to-ship transfer it took part in, if it is at sea then. */
export function partnerGap(
  rng: Rng,
  vessel: Vessel,
  voyages: readonly Voyage[],
  startMs: number,
  endMs: number,
  taken: readonly Gap[],
  ctx: OverlayContext,
): Gap | null {
  const from = floorToFix(vessel, startMs - rng.float(1, 3) * HOUR_MS);
  const to = ceilToFix(
    vessel,
    Math.max(endMs + rng.float(1, 4) * HOUR_MS, from + MIN_GAP_H * HOUR_MS),
  );
  const voyage = atSeaThroughout(voyages, from, to, 1.5);
  if (
    voyage === null ||
    to > ctx.asOfMs ||
    (from < ctx.aisStartMs + HOUR_MS && to > ctx.aisStartMs - HOUR_MS)
  )
    return null;
  if (voyage.stops.some((s) => from < s.endMs && to > s.startMs)) return null;
  if (
    overlaps(
      taken.map((g) => ({ from: g.startMs, to: g.endMs ?? ctx.asOfMs })),
      from,
      to,
      2 * HOUR_MS,
    )
  )
    return null;
  return makeGap(vessel, voyage, from, to, ctx.zones);
}

/** Spoofing episodes at the planned instants, clear of stops (placed before the gaps). */
export function placeSpoofs(
  rng: Rng,
  tl: VesselTimeline,
  plan: BehaviourPlan,
  reserved: readonly Gap[],
  ctx: OverlayContext,
): SpoofEpisode[] {
  const { vessel, voyages } = tl;
  const taken: Interval[] = reserved.map((g) => ({ from: g.startMs, to: g.endMs ?? ctx.asOfMs }));
  const episodes: SpoofEpisode[] = [];
  for (const target of plan.spoofs) {
    const fixes = rng.int(1, 6);
    const from = ceilToFix(vessel, target.at);
    const to = from + (fixes - 1) * FIX_INTERVAL_MS;
    const voyage = atSeaThroughout(voyages, from - FIX_INTERVAL_MS, to + FIX_INTERVAL_MS, 3);
    if (
      voyage === null ||
      to + FIX_INTERVAL_MS > ctx.asOfMs ||
      overlaps(taken, from, to, 3 * HOUR_MS)
    )
      continue;
    if (voyage.stops.some((s) => from < s.endMs + HOUR_MS && to > s.startMs - HOUR_MS)) continue;
    const trueAt = positionAt(voyage, from);
    const before = positionAt(voyage, from - FIX_INTERVAL_MS);
    const displaced = destinationPoint(trueAt, rng.float(0, 360), rng.float(60, 240) * 1.852);
    const offset: LatLon = { lat: displaced.lat - trueAt.lat, lon: displaced.lon - trueAt.lon };
    const distanceNm = haversineNm(before, displaced);
    episodes.push({
      vessel: vessel.index,
      startMs: from,
      endMs: to,
      kind: fixes === 1 ? 'position_jump' : 'impossible_speed',
      offset,
      from: before,
      to: displaced,
      distanceNm,
      impliedSpeedKn: distanceNm / (FIX_INTERVAL_MS / HOUR_MS),
    });
    taken.push({ from, to });
  }
  // Some dark ships' MMSI is seen far away at the same time: another transmitter uses it. Only
  // before the AIS window, since the window's fixes are the vessel's own.
  if (vessel.profile === 'dark' && rng.chance(0.3)) {
    const at = rng.float(ctx.historyStartMs, ctx.aisStartMs - DAY_MS);
    const voyage = voyageAt(voyages, at);
    if (voyage !== null) {
      const own = positionAt(voyage, at);
      const clone = destinationPoint(own, rng.float(0, 360), rng.float(1500, 4000) * 1.852);
      const distanceNm = haversineNm(own, clone);
      const t = Math.round(at);
      episodes.push({
        vessel: vessel.index,
        startMs: t,
        endMs: t,
        kind: 'identity_clone',
        offset: { lat: 0, lon: 0 },
        from: own,
        to: clone,
        distanceNm,
        impliedSpeedKn: distanceNm / (FIX_INTERVAL_MS / HOUR_MS),
      });
    }
  }
  return episodes.sort((a, b) => a.startMs - b.startMs);
}
