// Ports: reference points outside any metro, so they are not located on cells.
import { countUpserts, DatasetHandler } from './dataset';
import { Fields, latLng, matching, str } from './fields';
import { PORT_SLUG_PATTERN } from '@platform/geo-domain';

interface Port {
  slug: string;
  name: string;
  unlocode: string;
  lat: number;
  lng: number;
}

export const portsDataset: DatasetHandler<Port> = {
  name: 'ports',
  followUp: 'none',
  parse: (f: Fields) => ({
    slug: matching(f, 'slug', PORT_SLUG_PATTERN, 'lowercase letters, digits and dashes (2..63)'),
    name: str(f, 'name', 200),
    unlocode: matching(f, 'unlocode', /^[A-Z]{2}[A-Z2-9]{3}$/, 'a 5-character UN/LOCODE'),
    ...latLng(f),
  }),
  key: (r) => r.slug,
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO ports (slug, name, unlocode, lat, lng)
       SELECT * FROM unnest($1::text[], $2::text[], $3::char(5)[], $4::float8[], $5::float8[])
       ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, unlocode = EXCLUDED.unlocode,
         lat = EXCLUDED.lat, lng = EXCLUDED.lng
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.slug),
        rows.map((r) => r.record.name),
        rows.map((r) => r.record.unlocode),
        rows.map((r) => r.record.lat),
        rows.map((r) => r.record.lng),
      ],
    );
    return { ...countUpserts(result), metros: [] };
  },
};
