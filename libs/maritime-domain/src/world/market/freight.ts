/**
 * Weekly freight-rate index assessments (source `index`) for every lane the fleet trades, in USD
 * per tonne so that earnings are cargo tonnes times rate: a base plus a per-distance rate for the
 * vessel type, times a mean-reverting market index per type. The route code is the two UN/LOCODEs,
 * "SARTA-CNNGB"; routeCodeFor gives it for any voyage.
 */
import type { SeaGraph } from '../geo/sea-graph';
import { Rng } from '../prng';
import { PORTS } from '../reference/ports';
import { PORT_GEOMETRY, portIndex } from '../schedule/port-geometry';
import { TRADES, tradeOptions } from '../schedule/trades';
import { SIZE_CLASSES } from '../fleet/size-classes';
import type { Row } from '../tables';
import { DAY_MS, isoDay } from '../time';
import { VESSEL_TYPES } from '../types';
import type { VesselType } from '../types';

const TARIFF: Partial<Record<VesselType, readonly [number, number]>> = {
  tanker: [4, 2.8],
  chemical_tanker: [10, 5.5],
  lng_carrier: [15, 6],
  bulk_carrier: [5, 2.2],
  container: [60, 15],
};

/** The index route code of a lane between two ports, from their UN/LOCODEs ("SARTA-CNNGB"). */
export function routeCodeFor(originUnlocode: string, destUnlocode: string): string {
  return `${originUnlocode}-${destUnlocode}`;
}

const laneCode = (origin: number, dest: number): string =>
  routeCodeFor(PORTS[origin]?.unlocode ?? 'XXXXX', PORTS[dest]?.unlocode ?? 'XXXXX');

/** Every (vessel type, origin, destination) lane of a shuttle's laden leg or a loop's hop. */
function lanes(): { type: VesselType; origin: number; dest: number }[] {
  const found = new Map<string, { type: VesselType; origin: number; dest: number }>();
  const add = (type: VesselType, origin: number, dest: number): void => {
    if (origin !== dest) found.set(`${type}|${origin}|${dest}`, { type, origin, dest });
  };
  for (const type of VESSEL_TYPES) {
    if (TARIFF[type] === undefined) continue;
    const slugs = new Set<string>();
    for (const size of SIZE_CLASSES[type])
      for (const [slug] of tradeOptions(type, size.name, 'clean')) slugs.add(slug);
    if (type === 'tanker' || type === 'chemical_tanker')
      for (const [slug] of tradeOptions(type, 'mr', 'dark')) slugs.add(slug);
    for (const slug of slugs) {
      const trade = TRADES[slug];
      if (trade?.kind === 'shuttle')
        for (const l of trade.load)
          for (const d of trade.discharge) add(type, portIndex(l), portIndex(d));
      if (trade?.kind === 'loop')
        trade.ports.forEach((p, i) =>
          add(type, portIndex(p), portIndex(trade.ports[(i + 1) % trade.ports.length] as string)),
        );
    }
  }
  return [...found.values()].sort(
    (a, b) => a.type.localeCompare(b.type) || a.origin - b.origin || a.dest - b.dest,
  );
}

export function freightRows(seed: number, graph: SeaGraph, fromMs: number, toMs: number): Row[] {
  const rng = Rng.stream(seed, 'freight');
  const allLanes = lanes();
  const distance = allLanes.map(
    (l) =>
      graph.portToPort(
        l.origin,
        l.dest,
        'shortest',
        (PORT_GEOMETRY[l.origin] as (typeof PORT_GEOMETRY)[number]).berth,
        (PORT_GEOMETRY[l.dest] as (typeof PORT_GEOMETRY)[number]).anchorage,
      ).polyline.lengthNm,
  );
  const laneNoise = allLanes.map(() => rng.float(0.9, 1.1));
  const index = new Map<VesselType, number>();
  // Assessments every Monday.
  const firstMonday = fromMs + ((8 - new Date(fromMs).getUTCDay()) % 7) * DAY_MS;
  const rows: Row[] = [];
  for (let t = firstMonday; t < toMs; t += 7 * DAY_MS) {
    for (const type of TARIFF_TYPES)
      index.set(type, 0.85 * (index.get(type) ?? 0) + 0.06 * rng.normal());
    allLanes.forEach((lane, i) => {
      const [base, perThousandNm] = TARIFF[lane.type] as readonly [number, number];
      const rate =
        (base + (perThousandNm * (distance[i] as number)) / 1000) *
        (laneNoise[i] as number) *
        Math.exp(index.get(lane.type) ?? 0);
      rows.push([
        0,
        lane.type,
        laneCode(lane.origin, lane.dest),
        lane.origin + 1,
        lane.dest + 1,
        Math.round(rate * 100) / 100,
        'usd_per_t',
        isoDay(t),
        'index',
        null,
      ]);
    });
  }
  return rows.map((row, i) => [i + 1, ...row.slice(1)]);
}

const TARIFF_TYPES = VESSEL_TYPES.filter((t) => TARIFF[t] !== undefined);
