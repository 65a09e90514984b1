// The five seeded metros (see docs/geo-scoring/seed.md#metros): real names, approximate
// coordinates. Water polygons are hand-drawn rings of ≤ 12 [lat, lng] vertices and deliberately
// coarse (labelled synthetic).
import type { LatLngRing } from '@platform/geo-domain';

import { ATX } from './metros/atx';
import { BOS } from './metros/bos';
import { HOU } from './metros/hou';
import { MIA } from './metros/mia';
import { SEA } from './metros/sea';

export interface County {
  fips: string;
  name: string;
  lat: number;
  lng: number;
}

/** A density bump: residents and jobs decay as exp(−d / scaleKm) around it. */
export interface SubCentre {
  name: string;
  lat: number;
  lng: number;
  residents: number;
  jobs: number;
  scaleKm: number;
}

/** Cells within radiusKm keep fewer than 100 residents (parks also get a busy ring). */
export interface LowPopulationZone {
  name: string;
  kind: 'park' | 'airport' | 'industrial';
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface MetroCatalogEntry {
  slug: string;
  name: string;
  state: string;
  stateFips: string;
  centerLat: number;
  centerLng: number;
  radiusKm: number;
  excludePolygons: LatLngRing[];
  counties: County[];
  residents: number;
  /** Median household income of the metro, dollars. */
  medianIncome: number;
  subCentres: SubCentre[];
  lowZones: LowPopulationZone[];
  streets: string[];
}

export const METRO_CATALOG: readonly MetroCatalogEntry[] = [ATX, BOS, HOU, MIA, SEA];

export function metroEntry(slug: string): MetroCatalogEntry {
  const entry = METRO_CATALOG.find((metro) => metro.slug === slug);
  if (entry === undefined) throw new Error(`unknown seed metro ${slug}`);
  return entry;
}
