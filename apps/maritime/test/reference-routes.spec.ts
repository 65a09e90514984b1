// The reference read API on hand-built data: vessels with filters and cursors, positions with
// history depth and the 15-minute delay of plans without priority sync, voyages and port calls
// behind the starter plan, ports, dark events, sanctions lists and the latest-position route.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { latLngToCell } from 'h3-js';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const A = testImo(21);
const B = testImo(22);
const C = testImo(23);
let ports: Record<string, string>;
let now: Date;

const minutesAgo = (minutes: number): Date => new Date(now.getTime() - minutes * 60_000);

beforeAll(async () => {
  const db = maritime.harness.db;
  now = (maritime.harness.clock as FixedClock).now();
  ({ ports } = await insertReference(db));
  await insertVessels(db, [
    { imo: A, mmsi: '351000021', name: 'ALPHA STAR', vessel_type: 'tanker' },
    { imo: B, mmsi: '351000022', name: 'ALPHA WAVE', vessel_type: 'bulk_carrier', flag: 'NO' },
    { imo: C, mmsi: '351000023', name: 'BRAVO', vessel_type: 'tanker' },
  ]);
  for (const day of [0, 1, 8, 20]) {
    const d = new Date(now.getTime() - day * 86_400_000).toISOString().slice(0, 10);
    await db.query('SELECT mar_ensure_day_partition($1::date)', [d]);
  }
  const fix = (minutes: number, source: string, lat = 10): unknown[] => [
    A,
    '351000021',
    minutesAgo(minutes),
    lat,
    60,
    latLngToCell(lat, 60, 8),
    12,
    source,
  ];
  for (const row of [
    fix(5, 'satellite', 10.2),
    fix(30, 'terrestrial', 10.1),
    fix(8 * 1440, 'satellite', 9),
  ])
    await db.query(
      `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, sog_kn, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      row,
    );
  const [voyage] = (await db.query(
    `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status, distance_nm)
     VALUES ($1, $2, $3, $4, $5, 'completed', 8300) RETURNING id`,
    [A, ports['rotterdam'], ports['singapore'], minutesAgo(20 * 1440), minutesAgo(3 * 1440)],
  )) as { id: string }[];
  await db.query(
    `INSERT INTO port_calls (imo, port_id, voyage_id, arrived_at, berthed_at, departed_at)
     VALUES ($1, $2, $3, $4, $5, NULL)`,
    [A, ports['singapore'], voyage!.id, minutesAgo(3 * 1440), minutesAgo(3 * 1440 - 600)],
  );
  await db.query(
    `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, 12, 61, 'warning', 0.8, $4)`,
    [A, minutesAgo(2 * 1440), minutesAgo(2 * 1440 - 13 * 60), minutesAgo(2 * 1440 - 6 * 60)],
  );
});

describe('vessels', () => {
  it('filters by type, flag and name prefix, and pages with an HMAC cursor bound to the filter', async () => {
    const tankers = await maritime.get<{ vessels: { imo_number: string }[] }>(
      '/api/v1/vessels?type=tanker',
    );
    expect(tankers.body.vessels.map((v) => v.imo_number)).toEqual([A, C].sort());
    const alpha = await maritime.get<{ vessels: { name: string }[] }>('/api/v1/vessels?name=alpha');
    expect(alpha.body.vessels.map((v) => v.name).sort()).toEqual(['ALPHA STAR', 'ALPHA WAVE']);
    const norway = await maritime.get<{ vessels: { imo_number: string }[] }>(
      '/api/v1/vessels?flag=NO',
    );
    expect(norway.body.vessels.map((v) => v.imo_number)).toEqual([B]);
    const first = await maritime.get<{
      vessels: { imo_number: string }[];
      pagination: { next_cursor: string; limit: number };
    }>('/api/v1/vessels?limit=2');
    expect(first.body.vessels).toHaveLength(2);
    const second = await maritime.get<{
      vessels: { imo_number: string }[];
      pagination: { next_cursor: string | null };
    }>(`/api/v1/vessels?limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.vessels.map((v) => v.imo_number)).toEqual([C]);
    expect(second.body.pagination.next_cursor).toBeNull();
    const foreign = await maritime.get(
      `/api/v1/vessels?type=tanker&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(foreign.status).toBe(400);
    expectErrorBody('code', foreign.body, 'invalid_cursor');
    expect((await maritime.get('/api/v1/vessels?limit=0')).status).toBe(400);
    expect(
      (await maritime.get<{ pagination: { limit: number } }>('/api/v1/vessels?limit=5000')).body
        .pagination.limit,
    ).toBe(200);
    expect((await maritime.get('/api/v1/vessels?type=all')).status).toBe(400);
  });

  it('shows one vessel with its last position, delayed 15 minutes without priority sync', async () => {
    const anonymous = await maritime.get<{ vessel: { last_position: { timestamp: string } } }>(
      `/api/v1/vessels/${A}`,
    );
    expect(anonymous.body.vessel.last_position.timestamp).toBe(minutesAgo(30).toISOString());
    const pro = await maritime.mintKey('pro');
    const fresh = await maritime.get<{ vessel: { last_position: { timestamp: string } } }>(
      `/api/v1/vessels/${A}`,
      pro,
    );
    expect(fresh.body.vessel.last_position.timestamp).toBe(minutesAgo(5).toISOString());
    expectErrorBody(
      'code',
      (await maritime.get(`/api/v1/vessels/${testImo(98)}`)).body,
      'vessel_not_found',
    );
  });

  it('gives positions to a free key within 7 days (403 history_depth_exceeded beyond)', async () => {
    const free = await maritime.mintKey('free');
    const recent = await maritime.get<{ positions: unknown[]; count: number }>(
      `/api/v1/vessels/${A}/positions`,
      free,
    );
    expect(recent.status).toBe(200);
    expect(recent.body.count).toBe(1); // the 5-minute-old fix is still inside the delay
    const eightDays = minutesAgo(8 * 1440 + 60).toISOString();
    const deep = await maritime.get(`/api/v1/vessels/${A}/positions?from=${eightDays}`, free);
    expect(deep.status).toBe(403);
    expectErrorBody('code', deep.body, 'history_depth_exceeded');
    const pro = await maritime.mintKey('pro');
    const full = await maritime.get<{ count: number }>(
      `/api/v1/vessels/${A}/positions?from=${eightDays}`,
      pro,
    );
    expect(full.body.count).toBe(3);
    expect((await maritime.get(`/api/v1/vessels/${A}/positions`)).status).toBe(401);
  });

  it('keeps voyages and port calls for starter and above (required_plan starter)', async () => {
    const free = await maritime.mintKey('free');
    const refused = await maritime.get(`/api/v1/vessels/${A}/voyages`, free);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'plan_upgrade_required', required_plan: 'starter' });
    const starter = await maritime.mintKey('starter');
    const voyages = await maritime.get<{
      voyages: { origin_port: string; destination_port: string }[];
    }>(`/api/v1/vessels/${A}/voyages`, starter);
    expect(voyages.body.voyages).toEqual([
      expect.objectContaining({
        origin_port: 'rotterdam',
        destination_port: 'singapore',
        status: 'completed',
      }),
    ]);
    const calls = await maritime.get<{ port_calls: { port: string; wait_hours: number }[] }>(
      `/api/v1/vessels/${A}/port-calls`,
      starter,
    );
    expect(calls.body.port_calls).toEqual([
      expect.objectContaining({ port: 'singapore', wait_hours: 10 }),
    ]);
    const portCalls = await maritime.get<{ calls: unknown[] }>(
      '/api/v1/ports/singapore/calls',
      starter,
    );
    expect(portCalls.body.calls).toHaveLength(1);
  });
});

describe('ports, dark events, sanctions lists', () => {
  it('lists ports and shows one with its vessels at berth', async () => {
    const list = await maritime.get<{ ports: { slug: string }[] }>('/api/v1/ports');
    expect(list.body.ports.map((p) => p.slug)).toEqual(['rotterdam', 'singapore']);
    const one = await maritime.get<{ port: { vessels_at_berth: number } }>(
      '/api/v1/ports/singapore',
    );
    expect(one.body.port.vessels_at_berth).toBe(1);
    expectErrorBody('code', (await maritime.get('/api/v1/ports/atlantis')).body, 'port_not_found');
    expect((await maritime.get('/api/v1/ports/NOT_A_SLUG')).status).toBe(400);
  });

  it('lists dark events for starter keys, newest first, with the open-gap rule', async () => {
    const starter = await maritime.mintKey('starter');
    const reply = await maritime.get<{
      dark_events: { imo_number: string; gap_hours: number; ongoing: boolean }[];
    }>('/api/v1/dark-events', starter);
    expect(reply.body.dark_events).toEqual([
      expect.objectContaining({ imo_number: A, gap_hours: 13, ongoing: false }),
    ]);
    expect((await maritime.get('/api/v1/dark-events')).status).toBe(401);
  });

  it('serves the sanctions lists and the plan table publicly', async () => {
    expect((await maritime.get('/api/v1/sanctions/lists')).status).toBe(200);
  });
});

describe('latest position', () => {
  it('answers per provider, 404 for an unknown provider or no recent position', async () => {
    const combined = await maritime.get<{
      location: { timestamp: string; source: string; age_seconds: number };
      provider: string;
      tier: string;
    }>(`/api/v1/ais/combined/${A}/location/latest`);
    expect(combined.status).toBe(200);
    expect(combined.body).toMatchObject({ provider: 'combined', tier: 'free' });
    expect(combined.body.location).toMatchObject({ source: 'terrestrial', age_seconds: 1800 });
    const pro = await maritime.mintKey('pro');
    const satellite = await maritime.get<{ location: { source: string; age_seconds: number } }>(
      `/api/v1/ais/satellite/${A}/location/latest`,
      pro,
    );
    expect(satellite.body.location).toMatchObject({ source: 'satellite', age_seconds: 300 });
    const unknown = await maritime.get(`/api/v1/ais/radar/${A}/location/latest`);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'provider_not_found');
    const silent = await maritime.get(`/api/v1/ais/combined/${B}/location/latest`);
    expect(silent.status).toBe(404);
    expectErrorBody('code', silent.body, 'position_not_found');
  });
});
