// Turns the per-cell aggregates loaded by SQL into the engine's CellRawInputs at res 8, and
// aggregates them to res 7 (children's counts summed, tract values population-weighted; see
// docs/geo-scoring/scoring-engine.md#inputs-and-windows). Pure, so the seed replay and the job
// share it.
import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { CellRawInputs } from './metro-raw-features';
import { CellTractShare } from './raw-features';

/** The record-based numbers of CellRawInputs (everything SQL sums per cell). */
export type CellCounts = Omit<
  CellRawInputs,
  'tracts' | 'transitStationsK2' | 'kmToNearestEmploymentCenter'
>;

export interface LoadedCell {
  h3Index: string;
  h3R7: string;
  lat: number;
  lng: number;
  counts: CellCounts;
  /** active licences + permits 365 d + incidents 365 d + activity 90 d. */
  volumeCount: number;
  /** Raw records dated in (previous as_of, D]. */
  hasNewRawRecords: boolean;
}

/** A cell_tracts row joined with its tract; `cellCount` = cells the tract is split over. */
export interface LoadedTractShare extends CellTractShare {
  geoid: string;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MetroLocations {
  transitStations: readonly LatLng[];
  employmentCenters: readonly LatLng[];
}

export interface ResolutionCell {
  h3Index: string;
  inputs: CellRawInputs;
  volumeCount: number;
}

export const TRANSIT_DISK_K = 2;
const EARTH_RADIUS_KM = 6371.0088;

export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** km to the nearest point; null when there is none (the accessibility z treats it as mean). */
export function nearestKm(from: LatLng, points: readonly LatLng[]): number | null {
  let best: number | null = null;
  for (const point of points) {
    const km = haversineKm(from, point);
    if (best === null || km < best) best = km;
  }
  return best;
}

/** Stations within gridDisk(cell, 2) of every cell: each station adds 1 to the 19 cells around it. */
export function transitCounts(
  stations: readonly LatLng[],
  resolution: number,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const station of stations) {
    for (const cell of gridDisk(
      latLngToCell(station.lat, station.lng, resolution),
      TRANSIT_DISK_K,
    )) {
      counts.set(cell, (counts.get(cell) ?? 0) + 1);
    }
  }
  return counts;
}

export function buildRes8Inputs(
  cells: readonly LoadedCell[],
  tractsByCell: ReadonlyMap<string, readonly LoadedTractShare[]>,
  locations: MetroLocations,
): ResolutionCell[] {
  const transit = transitCounts(locations.transitStations, 8);
  return cells.map((cell) => ({
    h3Index: cell.h3Index,
    volumeCount: cell.volumeCount,
    inputs: {
      ...cell.counts,
      tracts: tractsByCell.get(cell.h3Index) ?? [],
      transitStationsK2: transit.get(cell.h3Index) ?? 0,
      kmToNearestEmploymentCenter: nearestKm(cell, locations.employmentCenters),
    },
  }));
}

const COUNT_KEYS: readonly (keyof CellCounts)[] = [
  'activeLicences',
  'licencesOpened365d',
  'licencesClosed365d',
  'population',
  'residentialHousingUnits365d',
  'transactions90d',
  'permitValue365d',
  'detectionSqft90d',
  'incidentMagnitude365d',
  'visits90d',
  'checkins90d',
  'reviews90d',
];

/**
 * One res-7 parent per distinct h3_r7 of the metro's cells (ascending). Counts and population
 * are the children's sums. Tract shares merge per tract: weight = Σ children's shares, so the
 * population-weighted tract values are weighted by the parent's residents; cellCount becomes
 * the tract's cells ÷ its children in the parent, so jobsInCell(parent) = Σ children's jobs.
 * Transit stations and the employment-centre distance are geometric, so they are measured
 * again at res 7 (gridDisk k=2 of the parent, distance from its centre) rather than summed
 * over overlapping child disks.
 */
export function buildRes7Inputs(
  cells: readonly LoadedCell[],
  tractsByCell: ReadonlyMap<string, readonly LoadedTractShare[]>,
  locations: MetroLocations,
): ResolutionCell[] {
  const children = new Map<string, LoadedCell[]>();
  for (const cell of cells) {
    const list = children.get(cell.h3R7) ?? [];
    list.push(cell);
    children.set(cell.h3R7, list);
  }
  const transit = transitCounts(locations.transitStations, 7);
  const parents = [...children.keys()].sort();
  return parents.map((parent) => {
    const kids = children.get(parent) ?? [];
    const counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as unknown as Record<
      keyof CellCounts,
      number
    >;
    let volumeCount = 0;
    const merged = new Map<string, { share: LoadedTractShare; weight: number; kids: number }>();
    for (const kid of kids) {
      for (const key of COUNT_KEYS) counts[key] += kid.counts[key];
      volumeCount += kid.volumeCount;
      for (const share of tractsByCell.get(kid.h3Index) ?? []) {
        const entry = merged.get(share.geoid);
        if (entry === undefined) merged.set(share.geoid, { share, weight: share.weight, kids: 1 });
        else {
          entry.weight += share.weight;
          entry.kids += 1;
        }
      }
    }
    const tracts: LoadedTractShare[] = [...merged.values()]
      .sort((a, b) => (a.share.geoid < b.share.geoid ? -1 : 1))
      .map(({ share, weight, kids: n }) => ({
        ...share,
        weight,
        cellCount: share.cellCount / n,
      }));
    const [lat, lng] = cellToLatLng(parent);
    return {
      h3Index: parent,
      volumeCount,
      inputs: {
        ...counts,
        tracts,
        transitStationsK2: transit.get(parent) ?? 0,
        kmToNearestEmploymentCenter: nearestKm({ lat, lng }, locations.employmentCenters),
      },
    };
  });
}
