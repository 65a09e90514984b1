// The AIS round trip: a generated vessel's track exported as NMEA (our 6-bit encoder, tag blocks
// with times and sources), posted to the ingest route, and run through the detectors, gives back
// exactly the dark events the generator wrote for it.
import {
  exportTrackAsNmea,
  generateWorld,
  TABLES,
  type Row,
  type TableName,
} from '@platform/maritime-domain';
import { JobDispatcher } from '@platform/queues';
import type { DataSource } from 'typeorm';
import { maritimeForFile } from './support/maritime-harness';
import { SMALL_SEED, SMALL_SEED_AS_OF } from './support/small-seed';

jest.setTimeout(60_000);
const maritime = maritimeForFile();
const world = generateWorld({ profile: 'small', seed: SMALL_SEED, asOf: SMALL_SEED_AS_OF });

function objects(table: TableName): Record<string, unknown>[] {
  const columns = TABLES[table] as readonly string[];
  return [...world.rows(table)].map((row: Row) =>
    Object.fromEntries(columns.map((c, i) => [c, row[i]])),
  );
}

async function insertRows(
  db: DataSource,
  table: TableName,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) => {
        const v = row[c];
        return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v;
      }),
    );
  }
}

describe('AIS round trip', () => {
  it('reproduces the generator’s dark events from its exported NMEA', async () => {
    const aisStart = Date.parse(world.windows.aisStart);
    const gaps = objects('dark_events').filter(
      (e) => Date.parse(String(e['started_at'])) >= aisStart,
    );
    const byVessel = new Map<string, Record<string, unknown>[]>();
    for (const gap of gaps)
      byVessel.set(String(gap['imo']), [...(byVessel.get(String(gap['imo'])) ?? []), gap]);
    // The vessel with the most gaps in the window, closed and open ones alike.
    const [imo, expected] = [...byVessel.entries()].sort(
      (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
    )[0]!;
    const vessel = objects('vessels').find((v) => v['imo'] === imo)!;

    const db = maritime.harness.db;
    await insertRows(db, 'flag_states', objects('flag_states'));
    await insertRows(db, 'ports', objects('ports'));
    await insertRows(db, 'risk_zones', objects('risk_zones'));
    await insertRows(db, 'vessels', [vessel]);

    const columns = TABLES.ais_positions as readonly string[];
    const at = (name: string): number => columns.indexOf(name);
    const fixes = [...world.vesselPositions(imo)].map((row) => ({
      timestamp: new Date(String(row[at('ts')])),
      lat: Number(row[at('lat')]),
      lon: Number(row[at('lon')]),
      sogKn: row[at('sog_kn')] === null ? null : Number(row[at('sog_kn')]),
      cogDeg: row[at('cog_deg')] === null ? null : Number(row[at('cog_deg')]),
      heading: row[at('heading')] === null ? null : Number(row[at('heading')]),
      navStatus: row[at('nav_status')] === null ? null : Number(row[at('nav_status')]),
      draughtM: row[at('draft_m')] === null ? null : Number(row[at('draft_m')]),
      source: String(row[at('source')]) as 'terrestrial' | 'satellite',
    }));
    const lines = exportTrackAsNmea(
      { mmsi: String(vessel['mmsi']), imo, name: String(vessel['name']) },
      fixes,
      {},
    );
    const admin = await maritime.mintKey('admin');
    const response = await fetch(`${maritime.url}/api/v1/ais/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-api-key': admin },
      body: lines.join('\n'),
    });
    const answer = (await response.json()) as { positions_inserted: number; rejected: number };
    expect(answer).toMatchObject({ positions_inserted: fixes.length, rejected: 0 });

    const derived = await maritime.harness.instances[0]!.app.get(JobDispatcher).runNow(
      'ais-derive',
      {
        data: {
          imos: [imo],
          from: fixes[0]!.timestamp.toISOString(),
          to: fixes[fixes.length - 1]!.timestamp.toISOString(),
          batchId: 'round-trip',
        },
      },
    );
    expect(derived.acquired).toBe(true);
    const found = (await db.query(
      'SELECT started_at, ended_at FROM dark_events WHERE imo = $1 ORDER BY started_at',
      [imo],
    )) as { started_at: Date; ended_at: Date | null }[];
    const want = expected
      .map((e) => ({
        started_at: new Date(String(e['started_at'])).getTime(),
        ended_at: e['ended_at'] === null ? null : new Date(String(e['ended_at'])).getTime(),
      }))
      .sort((a, b) => a.started_at - b.started_at);
    expect(want.length).toBeGreaterThan(0);
    expect(
      found.map((g) => ({
        started_at: g.started_at.getTime(),
        ended_at: g.ended_at?.getTime() ?? null,
      })),
    ).toEqual(want);
  });
});
