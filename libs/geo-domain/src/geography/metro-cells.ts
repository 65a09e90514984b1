// A metro's res-8 cells: the H3 cells whose centres lie inside the metro's radius circle and
// outside every water exclusion polygon
// (see docs/geo-scoring/data-model.md#reference-and-geography). Pure, shared by the seed and
// ingestion.
import { cellToLatLng, polygonToCells } from 'h3-js';

/** A ring of [lat, lng] pairs (not closed: the last vertex connects back to the first). */
export type LatLngRing = readonly (readonly [number, number])[];

export interface MetroShape {
  centerLat: number;
  centerLng: number;
  radiusKm: number;
  /** Each polygon is a ring of [lat, lng] pairs; also the JSON of `metros.exclude_polygons`. */
  excludePolygons: readonly LatLngRing[];
}

export const METRO_CELL_RESOLUTION = 8;
const EARTH_RADIUS_KM = 6371.0088;
// 180 vertices keep the circle's chord error below 0.02% of the radius (a few metres at 30 km).
const CIRCLE_VERTICES = 180;

/** The circle of `radiusKm` around the centre as a ring of [lat, lng] vertices (geodesic). */
export function circleRing(
  centerLat: number,
  centerLng: number,
  radiusKm: number,
): [number, number][] {
  const lat1 = (centerLat * Math.PI) / 180;
  const lng1 = (centerLng * Math.PI) / 180;
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ring: [number, number][] = [];
  for (let i = 0; i < CIRCLE_VERTICES; i++) {
    const bearing = (2 * Math.PI * i) / CIRCLE_VERTICES;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([(lat2 * 180) / Math.PI, (lng2 * 180) / Math.PI]);
  }
  return ring;
}

/** Even-odd ray casting on [lat, lng] vertices; adequate for small, non-antimeridian polygons. */
export function pointInRing(lat: number, lng: number, ring: LatLngRing): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [latI, lngI] = ring[i];
    const [latJ, lngJ] = ring[j];
    if (latI > lat !== latJ > lat && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI) {
      inside = !inside;
    }
  }
  return inside;
}

/** True when the point lies inside any exclusion polygon of the shape. */
export function isExcluded(shape: MetroShape, lat: number, lng: number): boolean {
  return shape.excludePolygons.some((ring) => ring.length >= 3 && pointInRing(lat, lng, ring));
}

/**
 * Sorted res-8 cells of the metro. Exclusions are applied to cell centres (the same rule
 * polygonToCells uses for the circle), so a polygon reaching past the circle is harmless.
 */
export function metroCells(shape: MetroShape): string[] {
  const ring = circleRing(shape.centerLat, shape.centerLng, shape.radiusKm);
  const cells = polygonToCells(ring, METRO_CELL_RESOLUTION);
  return cells
    .filter((cell) => {
      const [lat, lng] = cellToLatLng(cell);
      return !isExcluded(shape, lat, lng);
    })
    .sort();
}
