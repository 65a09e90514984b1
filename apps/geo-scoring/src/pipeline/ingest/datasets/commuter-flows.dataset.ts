// LODES origin-destination flows: (year, home tract, work tract) → workers.
import { countUpserts, DatasetHandler } from './dataset';
import { Fields, GEOID, matching, num } from './fields';

interface CommuterFlow {
  year: number;
  homeGeoid: string;
  workGeoid: string;
  workers: number;
}

export const commuterFlowsDataset: DatasetHandler<CommuterFlow> = {
  name: 'commuter-flows',
  followUp: 'none',
  parse: (f: Fields) => ({
    year: num(f, 'year', { integer: true, min: 2000, max: 2100 }),
    homeGeoid: matching(f, 'home_geoid', GEOID, 'an 11-digit tract GEOID'),
    workGeoid: matching(f, 'work_geoid', GEOID, 'an 11-digit tract GEOID'),
    workers: num(f, 'workers', { integer: true, min: 1, max: 10_000_000 }),
  }),
  key: (r) => `${r.year}|${r.homeGeoid}|${r.workGeoid}`,
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO commuter_flows (year, home_geoid, work_geoid, workers)
       SELECT * FROM unnest($1::smallint[], $2::char(11)[], $3::char(11)[], $4::int[])
       ON CONFLICT (year, home_geoid, work_geoid) DO UPDATE SET workers = EXCLUDED.workers
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.year),
        rows.map((r) => r.record.homeGeoid),
        rows.map((r) => r.record.workGeoid),
        rows.map((r) => r.record.workers),
      ],
    );
    return { ...countUpserts(result), metros: [] };
  },
};
