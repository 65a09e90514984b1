// Congestion on the small seed: the seed's 30-day hourly backfill (one set-based statement),
// every row's index and level recomputed from its fields, sample rows recomputed call by call
// from port_calls, and a single snapshot agreeing with the backfill at the same instant.
import { congestionIndex, congestionLevel } from '@platform/maritime-domain';
import { CongestionSnapshotService } from '../src/pipeline/congestion/congestion-snapshot.service';
import { recomputeSnapshot } from './support/congestion-recompute';
import { maritimeForFile } from './support/maritime-harness';
import { SMALL_SEED_AS_OF, smallSeedTemplate } from './support/small-seed';

// The first file to need the seeded template builds it.
jest.setTimeout(180_000);

const maritime = maritimeForFile({ ...smallSeedTemplate });
const service = () => maritime.harness.instances[0]!.app.get(CongestionSnapshotService);

interface StoredRow {
  port_id: string;
  slug: string;
  taken_at: Date;
  vessels_waiting: number;
  vessels_at_berth: number;
  avg_wait_hours: number | null;
  baseline_waiting: number | null;
  baseline_wait_hours: number | null;
  congestion_index: number;
  level: string;
}

async function stored(where = 'true', params: unknown[] = []): Promise<StoredRow[]> {
  return (await maritime.harness.db.query(
    `SELECT s.port_id::text AS port_id, p.slug, s.taken_at, s.vessels_waiting, s.vessels_at_berth,
            s.avg_wait_h_7d::float8 AS avg_wait_hours, s.baseline_waiting::float8 AS baseline_waiting,
            s.baseline_wait_h::float8 AS baseline_wait_hours,
            s.congestion_index::float8 AS congestion_index, s.level
     FROM congestion_snapshots s JOIN ports p ON p.id = s.port_id WHERE ${where}
     ORDER BY p.slug, s.taken_at`,
    params,
  )) as StoredRow[];
}

const fields = (row: StoredRow): Record<string, unknown> => ({
  vessels_waiting: row.vessels_waiting,
  vessels_at_berth: row.vessels_at_berth,
  avg_wait_hours: row.avg_wait_hours,
  baseline_waiting: row.baseline_waiting,
  baseline_wait_hours: row.baseline_wait_hours,
  congestion_index: row.congestion_index,
  level: row.level,
});

describe('congestion backfill on the small seed', () => {
  it('writes 30 days of hourly snapshots for the 40 ports, ending before asOf', async () => {
    const asOf = new Date(`${SMALL_SEED_AS_OF}T00:00:00.000Z`);
    expect(await service().backfill(asOf, 30)).toEqual({ rows: 40 * 30 * 24 });
    const [span] = (await maritime.harness.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT taken_at)::int AS instants,
              min(taken_at) AS first, max(taken_at) AS last FROM congestion_snapshots`,
    )) as { n: number; instants: number; first: Date; last: Date }[];
    expect(span).toEqual({
      n: 28_800,
      instants: 720,
      first: new Date('2026-03-02T00:00:00.000Z'),
      last: new Date('2026-03-31T23:00:00.000Z'),
    });
  });

  it('stores on every row an index and level that recompute from its fields', async () => {
    const rows = await stored();
    expect(rows).toHaveLength(28_800);
    const mismatches = rows.filter((row) => {
      const index = congestionIndex({
        waiting: row.vessels_waiting,
        avgWaitH: row.avg_wait_hours,
        baselineWaiting: row.baseline_waiting,
        baselineWaitH: row.baseline_wait_hours,
      });
      return index !== row.congestion_index || congestionLevel(index) !== row.level;
    });
    expect(mismatches).toEqual([]);
    // the seed's ports are busy and vary: more than one level shows up
    expect(new Set(rows.map((r) => r.level)).size).toBeGreaterThan(1);
    expect(rows.some((r) => r.vessels_waiting > 0 && r.baseline_waiting! > 0)).toBe(true);
  });

  it('matches a call-by-call recomputation on sample ports and hours', async () => {
    const busiest = (await maritime.harness.db.query(
      `SELECT port_id::text AS port_id FROM port_calls
       WHERE arrived_at > '2026-01-01' GROUP BY port_id ORDER BY count(*) DESC, port_id LIMIT 3`,
    )) as { port_id: string }[];
    const instants = ['2026-03-02T00:00:00Z', '2026-03-17T13:00:00Z', '2026-03-31T23:00:00Z'];
    for (const { port_id } of busiest)
      for (const instant of instants) {
        const [row] = await stored('s.port_id = $1::bigint AND s.taken_at = $2', [
          port_id,
          instant,
        ]);
        const expected = await recomputeSnapshot(maritime.harness.db, port_id, new Date(instant));
        expect({ port: row!.slug, instant, ...fields(row!) }).toEqual({
          port: row!.slug,
          instant,
          ...expected,
        });
      }
  });

  it('gives the same row from a single snapshot as from the backfill', async () => {
    const at = '2026-03-20T07:00:00Z';
    const before = await stored('s.taken_at = $1', [at]);
    expect(await service().snapshot(new Date(at))).toEqual({ ports: 40 });
    const after = await stored('s.taken_at = $1', [at]);
    expect(after.map(fields)).toEqual(before.map(fields));
    // and off the hour, a single snapshot is recomputed the same way
    const odd = '2026-03-25T10:37:00Z';
    const [{ port_id }] = (await maritime.harness.db.query(
      `SELECT id::text AS port_id FROM ports WHERE slug = 'singapore'`,
    )) as { port_id: string }[];
    expect(await service().snapshot(new Date(odd), 'singapore')).toEqual({ ports: 1 });
    const [row] = await stored('s.taken_at = $1', [odd]);
    expect(fields(row!)).toEqual(
      await recomputeSnapshot(maritime.harness.db, port_id, new Date(odd)),
    );
  });
});
