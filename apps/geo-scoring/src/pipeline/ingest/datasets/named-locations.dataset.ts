// Named locations; cells.location_name of their metros is recomputed after them.
import { GeographyRepository } from '../geography.repository';
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { Fields, latLng, oneOf, str } from './fields';

export const LOCATION_KINDS = [
  'neighborhood',
  'suburb',
  'park',
  'landmark',
  'transit_station',
  'employment_center',
] as const;

interface NamedLocation {
  name: string;
  kind: string;
  lat: number;
  lng: number;
}

export function namedLocationsDataset(
  geography: GeographyRepository,
): DatasetHandler<NamedLocation> {
  return {
    name: 'named-locations',
    followUp: 'scores',
    parse: (f: Fields) => ({
      name: str(f, 'name', 200),
      kind: oneOf(f, 'kind', LOCATION_KINDS),
      ...latLng(f),
    }),
    point: (r) => r,
    key: (r, cell) => `${cell?.metroSlug}|${r.kind}|${r.name}`,
    async write(tx, rows) {
      const result = await tx.query<{ inserted: boolean }[]>(
        `INSERT INTO named_locations (metro_slug, name, kind, lat, lng, h3_index)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[],
         $6::text[])
       ON CONFLICT (metro_slug, kind, name) DO UPDATE SET lat = EXCLUDED.lat,
         lng = EXCLUDED.lng, h3_index = EXCLUDED.h3_index
       RETURNING (xmax = 0) AS inserted`,
        [
          rows.map((r) => cellOf(r).metroSlug),
          rows.map((r) => r.record.name),
          rows.map((r) => r.record.kind),
          rows.map((r) => r.record.lat),
          rows.map((r) => r.record.lng),
          rows.map((r) => cellOf(r).h3Index),
        ],
      );
      const metros = distinct(rows.map((r) => cellOf(r).metroSlug));
      await geography.withTransaction(tx).refreshLocationNames(metros);
      return { ...countUpserts(result), metros };
    },
  };
}
