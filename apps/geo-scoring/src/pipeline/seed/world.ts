// The planted geography of one metro (see docs/geo-scoring/seed.md#generated-data): cells, density
// fields, low-population zones with busy park rings, Census-style tracts and the cell/tract split.
// Everything downstream (records, flows, embeddings) samples from these fields, so Moran's I finds
// real structure.
import { cellToLatLng, cellToParent, gridDisk, latLngToCell } from 'h3-js';

import { metroCells, type MetroShape, Rng } from '@platform/geo-domain';
import { metroEntry, type MetroCatalogEntry } from './catalog/metros';
import { NAMED_PLACES, type NamedLocationKind } from './catalog/named-locations';

export interface CellInfo {
  h3: string;
  lat: number;
  lng: number;
  r7: string;
  r5: string;
  population: number;
  jobs: number;
  /** Park, airport or industrial: fewer than 100 residents. */
  low: boolean;
  /** Busy ring around a park. */
  ring: boolean;
  /** 1 at downtown, falling towards the edge. */
  centrality: number;
  /** Relative intensity of records and activity. */
  activity: number;
  locationName: string | null;
}

export interface TractInfo {
  geoid: string;
  name: string;
  countyName: string;
  population: number;
  population5yAgo: number;
  medianIncome: number | null;
  pctBachelors: number | null;
  jobs: number;
  lat: number;
  lng: number;
  cells: number[];
}

export interface NamedLocationRow {
  name: string;
  kind: NamedLocationKind;
  lat: number;
  lng: number;
  h3: string;
}

export interface MetroWorld {
  entry: MetroCatalogEntry;
  shape: MetroShape;
  cells: CellInfo[];
  cellIndex: Map<string, number>;
  tracts: TractInfo[];
  namedLocations: NamedLocationRow[];
}

const EARTH_KM = 6371.0088;
const SPLIT_POPULATION = 8000;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A point uniformly inside a disc of radiusKm around (lat, lng); small enough to stay in the cell. */
export function jitter(rng: Rng, lat: number, lng: number, radiusKm: number): [number, number] {
  const r = radiusKm * Math.sqrt(rng.float());
  const theta = 2 * Math.PI * rng.float();
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [round6(lat + dLat), round6(lng + dLng)];
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Smooth random field: a sum of plane waves with 3-14 km wavelengths, roughly in [−1, 1]. */
function smoothNoise(rng: Rng): (xKm: number, yKm: number) => number {
  const waves = Array.from({ length: 6 }, () => {
    const wavelength = 3 + rng.float() * 11;
    const angle = rng.float() * Math.PI * 2;
    const k = (2 * Math.PI) / wavelength;
    return { kx: k * Math.cos(angle), ky: k * Math.sin(angle), phase: rng.float() * Math.PI * 2 };
  });
  return (x, y) => waves.reduce((sum, w) => sum + Math.sin(w.kx * x + w.ky * y + w.phase), 0) / 2.4;
}

function tractName(code: string): string {
  const whole = String(Number(code.slice(0, 4)));
  const suffix = code.slice(4);
  return `Census Tract ${suffix === '00' ? whole : `${whole}.${suffix}`}`;
}

export function buildMetroWorld(seed: number, slug: string, radiusKm: number): MetroWorld {
  const entry = metroEntry(slug);
  const shape: MetroShape = {
    centerLat: entry.centerLat,
    centerLng: entry.centerLng,
    radiusKm,
    excludePolygons: entry.excludePolygons,
  };
  const rng = Rng.stream(seed, 'world', slug);
  const resNoise = smoothNoise(rng);
  const jobNoise = smoothNoise(rng);
  const incomeNoise = smoothNoise(rng);
  const kmPerLng = 111.32 * Math.cos((entry.centerLat * Math.PI) / 180);

  const cells: CellInfo[] = metroCells(shape).map((h3) => {
    const [lat, lng] = cellToLatLng(h3);
    const x = (lng - entry.centerLng) * kmPerLng;
    const y = (lat - entry.centerLat) * 111.32;
    const d0 = haversineKm(lat, lng, entry.centerLat, entry.centerLng);
    let residents = 0.12 + 0.3 * Math.exp(-d0 / 12);
    let jobs = 0.02;
    for (const c of entry.subCentres) {
      const d = haversineKm(lat, lng, c.lat, c.lng);
      residents += c.residents * Math.exp(-d / (c.scaleKm * 1.6));
      jobs += c.jobs * Math.exp(-d / c.scaleKm);
    }
    return {
      h3,
      lat,
      lng,
      r7: cellToParent(h3, 7),
      r5: cellToParent(h3, 5),
      population: residents * Math.exp(0.35 * resNoise(x, y)),
      jobs: jobs * Math.exp(0.3 * jobNoise(x, y)),
      low: false,
      ring: false,
      centrality: Math.exp(-d0 / 8),
      activity: 0,
      locationName: null,
    };
  });
  const cellIndex = new Map(cells.map((cell, i) => [cell.h3, i]));

  markLowZones(entry, cells, cellIndex, rng);

  // Residents: the metro's mean density times the field; low cells keep 1-60 residents.
  const meanField = cells.reduce((sum, c) => sum + c.population, 0) / cells.length;
  const meanDensity = entry.residents / (Math.PI * entry.radiusKm ** 2 * 0.72 * 1.18);
  const jobTotal = 0.55 * entry.residents * (cells.length / (Math.PI * entry.radiusKm ** 2 * 1.18));
  const jobField = cells.reduce((sum, c) => sum + c.jobs, 0);
  for (const cell of cells) {
    cell.population = cell.low
      ? rng.int(1, 60)
      : Math.max(150, Math.round((meanDensity * cell.population) / meanField));
    cell.jobs = Math.round((jobTotal * cell.jobs) / jobField) * (cell.low ? 0.3 : 1);
    cell.jobs = Math.round(cell.jobs);
    const base = (cell.population + 1.2 * cell.jobs) ** 0.9;
    cell.activity = base * (cell.low ? 0.04 : cell.ring ? 3.5 : 1) * Math.exp(0.25 * rng.normal());
  }

  const namedLocations = buildNamedLocations(entry);
  const places = namedLocations.filter((l) => l.kind === 'neighborhood' || l.kind === 'suburb');
  for (const cell of cells) {
    let best: string | null = null;
    let bestKm = 5;
    for (const place of places) {
      const km = haversineKm(cell.lat, cell.lng, place.lat, place.lng);
      if (km <= bestKm) {
        bestKm = km;
        best = place.name;
      }
    }
    cell.locationName = best;
  }

  const tracts = buildTracts(entry, cells, (x, y) => incomeNoise(x, y), kmPerLng, rng);
  return { entry, shape, cells, cellIndex, tracts, namedLocations };
}

function markLowZones(
  entry: MetroCatalogEntry,
  cells: CellInfo[],
  cellIndex: Map<string, number>,
  rng: Rng,
): void {
  const target = Math.round(cells.length * 0.05);
  let lowCount = 0;
  const mark = (i: number): void => {
    if (!cells[i].low) {
      cells[i].low = true;
      lowCount++;
    }
  };
  for (const zone of entry.lowZones) {
    const zoneCells: number[] = [];
    const home = cellIndex.get(latLngToCell(zone.lat, zone.lng, 8));
    if (home !== undefined) zoneCells.push(home);
    cells.forEach((cell, i) => {
      if (i !== home && haversineKm(cell.lat, cell.lng, zone.lat, zone.lng) <= zone.radiusKm) {
        zoneCells.push(i);
      }
    });
    for (const i of zoneCells) mark(i);
    if (zone.kind !== 'park') continue;
    // The busy ring: every metro cell touching the park but outside it.
    for (const i of zoneCells) {
      for (const neighbour of gridDisk(cells[i].h3, 1)) {
        const j = cellIndex.get(neighbour);
        if (j !== undefined && !cells[j].low) cells[j].ring = true;
      }
    }
  }
  // Industrial sites fill the remainder up to ≈ 5% of cells (small clusters away from downtown).
  let guard = 0;
  while (lowCount < target && guard++ < 10_000) {
    const i = rng.int(0, cells.length - 1);
    if (cells[i].low || cells[i].ring || cells[i].centrality > 0.7) continue;
    mark(i);
    for (const neighbour of gridDisk(cells[i].h3, 1)) {
      const j = cellIndex.get(neighbour);
      if (j !== undefined && lowCount < target && !cells[j].ring && rng.chance(0.4)) mark(j);
    }
  }
  for (const cell of cells) if (cell.low) cell.ring = false;
}

function buildNamedLocations(entry: MetroCatalogEntry): NamedLocationRow[] {
  const rows: NamedLocationRow[] = (NAMED_PLACES[entry.slug] ?? []).map(
    ([name, kind, lat, lng]) => ({
      name,
      kind,
      lat,
      lng,
      h3: latLngToCell(lat, lng, 8),
    }),
  );
  for (const zone of entry.lowZones) {
    rows.push({
      name: zone.name,
      kind: zone.kind === 'park' ? 'park' : 'landmark',
      lat: zone.lat,
      lng: zone.lng,
      h3: latLngToCell(zone.lat, zone.lng, 8),
    });
  }
  return rows;
}

function buildTracts(
  entry: MetroCatalogEntry,
  cells: CellInfo[],
  incomeNoise: (x: number, y: number) => number,
  kmPerLng: number,
  rng: Rng,
): TractInfo[] {
  const groups = new Map<string, number[]>();
  cells.forEach((cell, i) => {
    const group = groups.get(cell.r7);
    if (group === undefined) groups.set(cell.r7, [i]);
    else group.push(i);
  });
  const perCounty = new Map<string, number>();
  const tracts: TractInfo[] = [];
  for (const r7 of [...groups.keys()].sort()) {
    const members = groups.get(r7) ?? [];
    const [lat, lng] = cellToLatLng(r7);
    const county = entry.counties.reduce((best, c) =>
      haversineKm(lat, lng, c.lat, c.lng) < haversineKm(lat, lng, best.lat, best.lng) ? c : best,
    );
    const ordinal = (perCounty.get(county.fips) ?? 0) + 1;
    perCounty.set(county.fips, ordinal);
    const population = members.reduce((sum, i) => sum + cells[i].population, 0);
    const parts = population > SPLIT_POPULATION ? members.map((i) => [i]) : [members];
    parts.forEach((part, j) => {
      const code = String(ordinal * 100 + (parts.length > 1 ? j + 1 : 0)).padStart(6, '0');
      const [tLat, tLng] =
        part.length === 1 ? [cells[part[0]].lat, cells[part[0]].lng] : [lat, lng];
      const pop = part.reduce((sum, i) => sum + cells[i].population, 0);
      const x = (tLng - entry.centerLng) * kmPerLng;
      const y = (tLat - entry.centerLat) * 111.32;
      const edge = 1 - Math.exp(-haversineKm(tLat, tLng, entry.centerLat, entry.centerLng) / 10);
      const growth = Math.min(0.4, Math.max(-0.08, 0.01 + 0.12 * edge + 0.04 * rng.normal()));
      const income = entry.medianIncome * Math.exp(0.35 * incomeNoise(x, y) + 0.1 * rng.normal());
      const hasDemographics = pop >= 100;
      tracts.push({
        geoid: `${county.fips}${code}`,
        name: tractName(code),
        countyName: county.name,
        population: pop,
        population5yAgo: Math.round(pop / (1 + growth)),
        medianIncome: hasDemographics ? Math.round(income / 100) * 100 : null,
        pctBachelors: hasDemographics
          ? Math.round(
              Math.min(92, Math.max(4, 22 + (income / 1000 - 55) * 0.5 + 6 * rng.normal())) * 10,
            ) / 10
          : null,
        jobs: part.reduce((sum, i) => sum + cells[i].jobs, 0),
        lat: round6(tLat),
        lng: round6(tLng),
        cells: part,
      });
    });
  }
  return tracts;
}
