/**
 * A vessel's history of port calls and voyages from shortly before the history window to asOf,
 * drawn from its stream `schedule:<index>`. Calls wait at the anchorage (lognormal, per port and
 * congestion), berth for a time that depends on the ship and the cargo, and sail on to the next
 * port of the vessel's trade. Behaviour targets falling within a voyage become stops on it.
 */
import type { SeaGraph } from '../geo/sea-graph';
import { Rng } from '../prng';
import { PORTS } from '../reference/ports';
import { DAY_MS, HOUR_MS } from '../time';
import type { PortCall, Vessel, Voyage } from '../types';
import type { BehaviourPlan, TimedTarget } from '../behaviour/targets';
import type { PortCongestion } from './congestion';
import { declareDestination } from './declared';
import { Itinerary } from './itinerary';
import type { Leg } from './itinerary';
import { PORT_GEOMETRY, portIndex } from './port-geometry';
import { TRADES, tradeOptions } from './trades';
import type { Trade } from './trades';
import { buildVoyageMotion, passesRedSea, routeFor, zoneStopPoint } from './voyage-builder';
import type { PlannedStop } from './voyage-builder';

export interface ScheduleContext {
  seed: number;
  graph: SeaGraph;
  congestion: PortCongestion;
  historyStartMs: number;
  asOfMs: number;
  /** Voyages departing from here on mostly avoid the Red Sea. */
  diversionStartMs: number;
}

export interface Schedule {
  trade: Trade;
  calls: PortCall[];
  voyages: Voyage[];
}

const WAIT_FACTOR: Partial<Record<Vessel['type'], number>> = {
  container: 0.5,
  passenger: 0.08,
  fishing: 0.15,
  service: 0.15,
  other: 0.2,
  lng_carrier: 0.4,
  chemical_tanker: 0.8,
};
const COVER_PORTS = ['singapore', 'fujairah', 'port-klang', 'piraeus', 'jebel-ali'].map(portIndex);

function berthHours(rng: Rng, vessel: Vessel, trade: Trade, cargoT: number): number {
  switch (vessel.type) {
    case 'container':
      return rng.float(14, 30);
    case 'passenger':
      return trade.kind === 'ferry' ? rng.float(2, 6) : rng.float(8, 12);
    case 'fishing':
      return rng.float(24, 72);
    case 'service':
    case 'other':
      return rng.float(12, 48);
    case 'lng_carrier':
      return rng.float(22, 30);
    case 'bulk_carrier':
      return Math.min(130, 18 + cargoT / rng.float(1200, 2500));
    case 'tanker':
    case 'chemical_tanker':
      return Math.min(60, 20 + cargoT / rng.float(6000, 12000));
    default:
      return rng.float(24, 60);
  }
}

function drafts(rng: Rng, vessel: Vessel): { laden: number; ballast: number } {
  const d = vessel.designDraftM;
  const round1 = (x: number): number => Math.round(x * 10) / 10;
  if (vessel.type === 'container' || vessel.type === 'general_cargo' || vessel.type === 'cargo')
    return { laden: round1(d * rng.float(0.78, 0.92)), ballast: round1(d * rng.float(0.55, 0.65)) };
  if (
    vessel.type === 'passenger' ||
    vessel.type === 'fishing' ||
    vessel.type === 'service' ||
    vessel.type === 'other'
  )
    return { laden: round1(d * rng.float(0.9, 0.97)), ballast: round1(d * rng.float(0.85, 0.9)) };
  return { laden: round1(d * rng.float(0.9, 0.97)), ballast: round1(d * rng.float(0.5, 0.6)) };
}

function cargoFor(rng: Rng, vessel: Vessel, leg: Leg): number | null {
  if (!leg.laden || vessel.type === 'passenger') return null;
  const fill: Partial<Record<Vessel['type'], readonly [number, number]>> = {
    container: [0.45, 0.75],
    general_cargo: [0.5, 0.9],
    cargo: [0.5, 0.9],
    lng_carrier: [0.82, 0.88],
  };
  const [lo, hi] = fill[vessel.type] ?? [0.9, 0.97];
  return Math.round(vessel.dwt * rng.float(lo, hi));
}

/** Takes the targets due before `untilMs` off the front of the list. */
function due(targets: TimedTarget[], untilMs: number): TimedTarget[] {
  const taken: TimedTarget[] = [];
  while (targets.length > 0 && (targets[0] as TimedTarget).at < untilMs)
    taken.push(targets.shift() as TimedTarget);
  return taken;
}

export function buildSchedule(vessel: Vessel, plan: BehaviourPlan, ctx: ScheduleContext): Schedule {
  const rng = Rng.stream(ctx.seed, `schedule:${vessel.index}`);
  const trade = TRADES[
    rng.weighted(tradeOptions(vessel.type, vessel.sizeClass, vessel.profile))
  ] as Trade;
  const itinerary = new Itinerary(rng, trade);
  const draft = drafts(rng, vessel);
  const local = trade.kind === 'fishing' || trade.kind === 'service';
  const decoys = [
    ...new Set([
      ...COVER_PORTS,
      ...('load' in trade ? [...trade.load, ...trade.discharge].map(portIndex) : []),
      ...('ports' in trade ? trade.ports.map(portIndex) : []),
    ]),
  ];
  const pending = {
    sts: [...plan.sts],
    loiters: [...plan.loiters],
    unplanned: [...plan.unplanned],
  };

  const calls: PortCall[] = [];
  const voyages: Voyage[] = [];
  const start = itinerary.start();
  let port = start.port;
  let laden = start.laden;
  let arriveMs = ctx.historyStartMs - rng.float(2, 30) * DAY_MS;
  let arriving: Voyage | null = null;

  for (;;) {
    const waitMedian = (PORTS[port]?.waitMedianH ?? 12) * (WAIT_FACTOR[vessel.type] ?? 1);
    const waitH = Math.max(
      0.3,
      rng.lognormal(waitMedian * ctx.congestion.factor(port, arriveMs), 0.6),
    );
    const berthMs = arriveMs + Math.round(waitH * HOUR_MS);
    const leg = itinerary.next(port, !laden);
    const cargoT = cargoFor(rng, vessel, leg);
    const departMs =
      berthMs +
      Math.round(
        berthHours(rng, vessel, trade, Math.max(cargoT ?? 0, arriving?.cargoT ?? 0)) * HOUR_MS,
      );
    const draftDep = leg.laden ? draft.laden : draft.ballast;
    const geometry = PORT_GEOMETRY[port] as (typeof PORT_GEOMETRY)[number];
    const call: PortCall = {
      vessel: vessel.index,
      id: 0,
      port,
      arriveMs,
      berthMs,
      departMs,
      draftArrM: arriving?.draftArrM ?? (laden ? draft.laden : draft.ballast),
      draftDepM: draftDep,
      loadedT: leg.laden && cargoT !== null && (trade.kind !== 'shuttle' || !laden) ? cargoT : null,
      dischargedT:
        arriving !== null &&
        arriving.laden &&
        arriving.cargoT !== null &&
        arriving.draftArrM > draft.ballast
          ? arriving.cargoT
          : null,
      arriving,
      anchorage: geometry.anchorage,
      berth: geometry.berth,
    };
    calls.push(call);
    if (departMs >= ctx.asOfMs) break;

    // Route variant: after the diversion date most Red Sea routes go round the Cape instead.
    const divert =
      departMs >= ctx.diversionStartMs &&
      passesRedSea(ctx.graph, port, leg.dest) &&
      rng.chance(0.85);
    const variant = divert ? 'avoid-red-sea' : 'shortest';
    const speedKn = Math.min(
      vessel.designSpeedKn + 0.3,
      vessel.designSpeedKn * (leg.laden ? 0.9 : 0.95) * rng.float(0.94, 1.02),
    );
    const direct = routeFor(ctx.graph, port, leg.dest, variant, null);
    const nominalEnd = departMs + (direct.polyline.lengthNm / speedKn) * HOUR_MS;

    const stops: PlannedStop[] = [];
    let via: PlannedStop['via'] = null;
    if (leg.trip !== null) {
      via = { point: leg.trip.point, zone: null };
      stops.push({
        kind: leg.trip.kind === 'fishing' ? 'fishing' : 'work',
        hours: leg.trip.kind === 'fishing' ? rng.float(48, 144) : rng.float(6, 48),
        via,
        draftAfterM: null,
      });
    }
    for (const target of due(pending.sts, nominalEnd)) {
      if (leg.trip !== null) continue;
      const kinds =
        vessel.profile === 'dark' && rng.chance(0.3)
          ? (['sanctions_area'] as const)
          : (['sts_hotspot'] as const);
      const stopVia = via === null ? zoneStopPoint(rng, port, leg.dest, kinds) : null;
      if (stopVia !== null) via = stopVia;
      // A laden ship discharges to its partner; a ballast one loads from it.
      const after = leg.laden ? draft.ballast : draft.laden;
      stops.push({
        kind: 'sts',
        hours: target.hours,
        via: stopVia,
        draftAfterM: rng.chance(0.85) ? after : null,
      });
    }
    for (const target of due(pending.loiters, nominalEnd)) {
      const stopVia =
        target.inZone && via === null && leg.trip === null
          ? zoneStopPoint(rng, port, leg.dest, ['sts_hotspot', 'high_risk', 'sanctions_area'])
          : null;
      if (stopVia !== null) via = stopVia;
      stops.push({ kind: 'loiter', hours: target.hours, via: stopVia, draftAfterM: null });
    }
    for (const target of due(pending.unplanned, nominalEnd))
      stops.push({ kind: 'unplanned', hours: target.hours, via: null, draftAfterM: null });

    const route = via === null ? direct : routeFor(ctx.graph, port, leg.dest, variant, via.point);
    const motion = buildVoyageMotion(rng, route, departMs, speedKn, stops);
    const lie = rng.chance(plan.lieProbability);
    const declaration = declareDestination(rng, port, leg.dest, lie, decoys, local);
    const lastDraft = motion.stops.reduce((d, s) => s.draftAfterM ?? d, draftDep);
    const voyage: Voyage = {
      vessel: vessel.index,
      id: 0,
      origin: port,
      dest: leg.dest,
      departMs,
      arriveMs: motion.arriveMs,
      route: route.polyline,
      chokepoints: route.chokepoints,
      speedKn,
      segments: motion.segments,
      stops: motion.stops,
      laden: leg.laden,
      commodity: leg.commodity,
      cargoT,
      draftDepM: draftDep,
      draftArrM: lastDraft,
      declared: declaration.text,
      declaredPort: declaration.port,
    };
    voyages.push(voyage);
    if (voyage.arriveMs >= ctx.asOfMs) break;
    arriving = voyage;
    port = leg.dest;
    laden = leg.laden && lastDraft === draftDep ? true : lastDraft === draft.laden;
    arriveMs = voyage.arriveMs;
  }
  return { trade, calls, voyages };
}
