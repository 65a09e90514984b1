/** Rows of the movement tables: vessels, identity history, voyages (with H3 tracks) and port calls. */
import { voyageH3Sequence } from './ais/h3-sequence';
import { WAYPOINTS } from './geo/sea-graph-data';
import { COMMODITIES } from './reference/commodities';
import type { Row } from './tables';
import { HOUR_MS, isoInstant } from './time';
import type { PortCall, Vessel, Voyage } from './types';

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export const vesselRows = (vessels: readonly Vessel[]): Row[] =>
  vessels.map((v) => [
    v.imo,
    v.mmsi,
    v.name,
    v.type,
    v.flag,
    v.buildYear,
    v.dwt,
    v.gt,
    v.lengthM,
    v.beamM,
    v.designDraftM,
    v.designSpeedKn,
    v.designFuelTDay,
    v.fuelType,
    v.ownerName,
    v.managerName,
  ]);

export function identityRows(vessels: readonly Vessel[]): Row[] {
  const changes = vessels.flatMap((v) =>
    v.identity.map((c) => ({ imo: v.imo, index: v.index, c })),
  );
  changes.sort(
    (a, b) =>
      a.c.changedAt - b.c.changedAt || a.index - b.index || a.c.field.localeCompare(b.c.field),
  );
  return changes.map(({ imo, c }, i) => [
    i + 1,
    imo,
    c.field,
    c.oldValue,
    c.newValue,
    isoInstant(c.changedAt),
    'seed',
  ]);
}

/** The chokepoints a voyage has passed within its first `doneNm` nautical miles. */
function passedChokepoints(v: Voyage, doneNm: number): string[] {
  return v.chokepoints.filter((chokepoint) => {
    const points = WAYPOINTS.filter((w) => w.chokepoint === chokepoint);
    const index = v.route.points.findIndex((p) =>
      points.some((w) => w.lat === p.lat && w.lon === p.lon),
    );
    return index >= 0 && (v.route.cumulative[index] as number) <= doneNm;
  });
}

const commodityId = (slug: Voyage['commodity']): number | null =>
  slug === null ? null : COMMODITIES.findIndex((c) => c.slug === slug) + 1;

/** One voyage row; the H3 track is computed here, so voyages are best streamed. */
export function voyageRow(vessels: readonly Vessel[], v: Voyage, asOfMs: number): Row {
  const completed = v.arriveMs <= asOfMs;
  const end = completed ? v.arriveMs : asOfMs;
  const hoursAtSea = (end - v.departMs) / HOUR_MS;
  // Distance sailed so far: the whole route once arrived, else the share done by asOf.
  const doneShare = completed
    ? 1
    : Math.min(1, hoursAtSea / Math.max(1e-9, (v.arriveMs - v.departMs) / HOUR_MS));
  return [
    v.id,
    (vessels[v.vessel] as Vessel).imo,
    v.origin + 1,
    completed ? v.dest + 1 : null,
    v.declared,
    v.declaredPort === null ? null : v.declaredPort + 1,
    isoInstant(v.departMs),
    completed ? isoInstant(v.arriveMs) : null,
    completed ? 'completed' : 'underway',
    round(v.route.lengthNm * doneShare, 1),
    round(hoursAtSea, 2),
    v.laden,
    commodityId(v.commodity),
    v.cargoT,
    v.draftDepM,
    completed ? v.draftArrM : null,
    voyageH3Sequence(v, asOfMs),
    completed ? [...v.chokepoints] : passedChokepoints(v, v.route.lengthNm * doneShare),
  ];
}

export function portCallRow(vessels: readonly Vessel[], c: PortCall, asOfMs: number): Row {
  const berthed = c.berthMs <= asOfMs;
  const departed = c.departMs <= asOfMs;
  return [
    c.id,
    (vessels[c.vessel] as Vessel).imo,
    c.port + 1,
    c.arriving !== null && c.arriving.id > 0 ? c.arriving.id : null,
    isoInstant(c.arriveMs),
    berthed ? isoInstant(c.berthMs) : null,
    departed ? isoInstant(c.departMs) : null,
    c.draftArrM,
    departed ? c.draftDepM : null,
    departed ? c.loadedT : null,
    berthed ? c.dischargedT : null,
  ];
}
