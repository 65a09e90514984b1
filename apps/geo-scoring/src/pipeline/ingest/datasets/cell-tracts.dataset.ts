// The population split of tracts over cells: weight = the tract's share in the cell.
import { countUpserts, DatasetHandler } from './dataset';
import { Fields, GEOID, matching, num, res8Cell } from './fields';

interface CellTract {
  h3Index: string;
  geoid: string;
  weight: number;
}

export const cellTractsDataset: DatasetHandler<CellTract> = {
  name: 'cell-tracts',
  followUp: 'population',
  parse: (f: Fields) => ({
    h3Index: res8Cell(f, 'h3_index'),
    geoid: matching(f, 'geoid', GEOID, 'an 11-digit tract GEOID'),
    weight: num(f, 'weight', { above: 0, max: 1 }),
  }),
  key: (r) => `${r.h3Index}|${r.geoid}`,
  async check(db, rows) {
    const [cells, tracts] = await Promise.all([
      db.query<{ h3_index: string }[]>(
        'SELECT h3_index FROM cells WHERE h3_index = ANY($1::text[])',
        [rows.map((r) => r.record.h3Index)],
      ),
      db.query<{ geoid: string }[]>('SELECT geoid FROM tracts WHERE geoid = ANY($1::char(11)[])', [
        rows.map((r) => r.record.geoid),
      ]),
    ]);
    const knownCells = new Set(cells.map((row) => row.h3_index));
    const knownTracts = new Set(tracts.map((row) => row.geoid));
    return rows.map((r) =>
      !knownCells.has(r.record.h3Index)
        ? `h3_index ${r.record.h3Index} is not a cell of any metro`
        : !knownTracts.has(r.record.geoid)
          ? `unknown tract ${r.record.geoid} (ingest tracts first)`
          : null,
    );
  },
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean; metro_slug: string }[]>(
      `WITH upserted AS (
         INSERT INTO cell_tracts (h3_index, geoid, weight)
         SELECT * FROM unnest($1::text[], $2::char(11)[], $3::real[])
         ON CONFLICT (h3_index, geoid) DO UPDATE SET weight = EXCLUDED.weight
         RETURNING h3_index, (xmax = 0) AS inserted)
       SELECT u.inserted, c.metro_slug FROM upserted u JOIN cells c USING (h3_index)`,
      [
        rows.map((r) => r.record.h3Index),
        rows.map((r) => r.record.geoid),
        rows.map((r) => r.record.weight),
      ],
    );
    return { ...countUpserts(result), metros: [...new Set(result.map((row) => row.metro_slug))] };
  },
};
