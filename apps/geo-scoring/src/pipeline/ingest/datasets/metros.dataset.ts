// Metros (see docs/geo-scoring/data-model.md#reference-and-geography): upserting one (re)generates
// its res-8 cells from the circle minus the water exclusions, then recomputes the cells' location
// names.
import { metroCells, METRO_SLUG_PATTERN } from '@platform/geo-domain';
import { GeographyRepository, MetroRow } from '../geography.repository';
import { DatasetHandler } from './dataset';
import { Fields, LineError, matching, num, str } from './fields';

function excludePolygons(f: Fields): [number, number][][] {
  const value = f['exclude_polygons'];
  if (value === undefined || value === null) return [];
  const message = 'exclude_polygons must be an array of rings of at least 3 [lat, lng] pairs';
  if (!Array.isArray(value) || value.length > 100) throw new LineError(message);
  return value.map((ring: unknown) => {
    if (!Array.isArray(ring) || ring.length < 3 || ring.length > 1000) {
      throw new LineError(message);
    }
    return ring.map((vertex: unknown): [number, number] => {
      if (
        !Array.isArray(vertex) ||
        vertex.length !== 2 ||
        typeof vertex[0] !== 'number' ||
        typeof vertex[1] !== 'number' ||
        Math.abs(vertex[0]) > 90 ||
        Math.abs(vertex[1]) > 180
      ) {
        throw new LineError(message);
      }
      return [vertex[0], vertex[1]];
    });
  });
}

function countyFips(f: Fields): string[] {
  const value = f['county_fips'];
  if (value === undefined || value === null) return [];
  if (
    !Array.isArray(value) ||
    !value.every((fips) => typeof fips === 'string' && /^\d{5}$/.test(fips))
  ) {
    throw new LineError('county_fips must be an array of 5-digit county FIPS codes');
  }
  return value as string[];
}

export function metrosDataset(geography: GeographyRepository): DatasetHandler<MetroRow> {
  return {
    name: 'metros',
    followUp: 'scores',
    parse: (f: Fields) => ({
      slug: matching(f, 'slug', METRO_SLUG_PATTERN, '2 to 10 lowercase letters'),
      name: str(f, 'name', 200),
      state: str(f, 'state', 50),
      centerLat: num(f, 'center_lat', { min: -90, max: 90 }),
      centerLng: num(f, 'center_lng', { min: -180, max: 180 }),
      radiusKm: num(f, 'radius_km', { above: 0, max: 200 }),
      excludePolygons: excludePolygons(f),
      countyFips: countyFips(f),
    }),
    key: (r) => r.slug,
    async write(tx, rows) {
      const geographyTx = geography.withTransaction(tx);
      let inserted = 0;
      // Metros are few and each regenerates thousands of cells: one metro at a time.
      for (const { record } of rows) {
        if (await geographyTx.upsertMetro(record)) inserted++;
        await geographyTx.replaceMetroCells(record.slug, metroCells(record));
      }
      const metros = rows.map((r) => r.record.slug);
      await geographyTx.refreshLocationNames(metros);
      return { inserted, updated: rows.length - inserted, metros };
    },
  };
}
