// POST /api/v1/ais/ingest on real PostgreSQL and Redis: admin only, body limits, every decoder
// trap rejected and counted, tag-block times and sources, statics, unmatched MMSIs, and the
// movement detectors run over what was ingested.
import { FixedClock } from '@platform/clock';
import {
  encodePositionReport,
  encodeRawPositionReport,
  encodeStaticVoyage,
  formatTagBlock,
} from '@platform/maritime-domain';
import { expectErrorBody, fetchJson, type JsonReply } from '@platform/testing';
import { JobDispatcher } from '@platform/queues';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const clock = (): FixedClock => maritime.harness.clock as FixedClock;
const KNOWN = { imo: testImo(1), mmsi: '351000001', name: 'KNOWN TRADER' };
let admin: string;

beforeAll(async () => {
  await insertReference(maritime.harness.db);
  await insertVessels(maritime.harness.db, [KNOWN]);
  admin = await maritime.mintKey('admin');
});

const tagged = (unix: number, source: string, sentence: string): string =>
  `${formatTagBlock({ c: unix, s: source })}${sentence}`;

function ingest(body: string, key = admin, type = 'text/plain', query = ''): Promise<JsonReply> {
  return fetchJson(`${maritime.url}/api/v1/ais/ingest${query}`, {
    method: 'POST',
    headers: { 'content-type': type, 'x-api-key': key },
    body,
  });
}

describe('AIS ingest', () => {
  it('needs an admin key: 401 without a key, 403 admin_required for another plan', async () => {
    expectErrorBody('code', (await ingest('', '')).body, 'api_key_required');
    const pro = await maritime.mintKey('pro');
    const refused = await ingest('x', pro);
    expect(refused.status).toBe(403);
    expectErrorBody('code', refused.body, 'admin_required');
  });

  it('answers 415 for a body that is not text/plain, 413 beyond 20,000 lines', async () => {
    const json = await ingest('{}', admin, 'application/json');
    expect(json.status).toBe(415);
    expectErrorBody('code', json.body, 'unsupported_media_type');
    const line = encodePositionReport({ mmsi: KNOWN.mmsi, lat: 10, lon: 10 });
    const tooMany = await ingest(Array.from({ length: 20_001 }, () => line).join('\n'));
    expect(tooMany.status).toBe(413);
    expectErrorBody('code', tooMany.body, 'payload_too_large');
  });

  it('stores positions at their tag-block time and source, rejects and counts every bad line', async () => {
    const at = Math.floor(clock().nowMs() / 1000) - 3600;
    const good = encodePositionReport({ mmsi: KNOWN.mmsi, lat: 35.5, lon: 20.25, sogKn: 12.3 });
    const badChecksum = good.replace(/\*[0-9A-F]{2}$/, (c) => (c === '*00' ? '*01' : '*00'));
    const [partA, partB] = encodeStaticVoyage(
      { mmsi: KNOWN.mmsi, imo: KNOWN.imo, name: 'KNOWN TRADER' },
      { sequenceId: 3 },
    );
    const [otherA] = encodeStaticVoyage(
      { mmsi: '351000009', imo: testImo(9), name: 'OTHER' },
      { sequenceId: 4 },
    );
    // lat 91 / lon 181 is how AIS says "no position"; the encoder's raw form can write it.
    const offTheMap = encodeRawPositionReport({
      mmsi: Number(KNOWN.mmsi),
      navStatus: 0,
      rateOfTurn: -128,
      sog: 1023,
      lon: 108_600_000,
      lat: 54_600_000,
      cog: 3600,
      heading: 511,
      second: 60,
    });
    const body = [
      tagged(at, 'terrestrial-1', good),
      tagged(at + 60, 'sat-7', encodePositionReport({ mmsi: KNOWN.mmsi, lat: 35.6, lon: 20.3 })),
      badChecksum,
      partA!,
      otherA!,
      partB!,
      offTheMap,
      '!AIVDM,garbage',
      tagged(
        at + 120,
        'terrestrial-1',
        encodePositionReport({ mmsi: '351999999', lat: 1, lon: 2 }),
      ),
    ].join('\n');
    const reply = await ingest(body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      lines: 9,
      decoded: 3,
      rejected: 6,
      positions_inserted: 2,
      unmatched_mmsi: 1,
    });
    const reasons = (reply.body as { errors: { line: number; reason: string }[] }).errors;
    expect(reasons).toEqual(
      expect.arrayContaining([
        { line: 3, reason: 'bad_checksum' },
        { line: 7, reason: 'position_unavailable' },
        { line: 8, reason: 'malformed' },
      ]),
    );
    expect(reasons.filter((r) => r.reason.startsWith('multipart')).length).toBeGreaterThanOrEqual(
      2,
    );
    const stored = (await maritime.harness.db.query(
      `SELECT ts, source, tableoid::regclass::text AS partition FROM ais_positions
       WHERE imo = $1 ORDER BY ts`,
      [KNOWN.imo],
    )) as { ts: Date; source: string; partition: string }[];
    expect(stored.map((s) => [s.ts.getTime() / 1000, s.source])).toEqual([
      [at, 'terrestrial'],
      [at + 60, 'satellite'],
    ]);
    expect(stored[0]!.partition).toBe(
      `ais_positions_p${new Date(at * 1000).toISOString().slice(0, 10).replace(/-/g, '')}`,
    );
    const [batch] = (await maritime.harness.db.query(
      'SELECT lines, rejected, reject_reasons FROM ais_ingest_batches ORDER BY id DESC LIMIT 1',
    )) as { lines: number; rejected: number; reject_reasons: Record<string, number> }[];
    expect(batch).toMatchObject({ lines: 9, rejected: 6 });
    expect(batch!.reject_reasons['bad_checksum']).toBe(1);
    const [unmatched] = (await maritime.harness.db.query(
      `SELECT count(*)::int AS n FROM ais_unmatched WHERE mmsi = '351999999'`,
    )) as { n: number }[];
    expect(unmatched!.n).toBe(1);
  });

  it('uses received_at for lines without a tag block, and refuses times outside the window', async () => {
    const receivedAt = new Date(clock().nowMs() - 2 * 3600_000).toISOString();
    const line = encodePositionReport({ mmsi: KNOWN.mmsi, lat: 36, lon: 21 });
    const reply = await ingest(line, admin, 'text/plain', `?received_at=${receivedAt}`);
    expect(reply.body).toMatchObject({ positions_inserted: 1, rejected: 0 });
    const old = tagged(Math.floor(clock().nowMs() / 1000) - 40 * 86400, 'terrestrial', line);
    const refused = await ingest(old);
    expect(refused.body).toMatchObject({
      rejected: 1,
      errors: [{ line: 1, reason: 'timestamp_out_of_window' }],
    });
  });

  it('creates an unknown vessel from a static report and records a renamed one in its history', async () => {
    const at = Math.floor(clock().nowMs() / 1000) - 1800;
    const newcomer = encodeStaticVoyage(
      { mmsi: '351000077', imo: testImo(77), name: 'NEW TANKER', shipType: 84 },
      { sequenceId: 1 },
    ).map((s) => tagged(at, 'terrestrial', s));
    const rename = encodeStaticVoyage(
      { mmsi: KNOWN.mmsi, imo: KNOWN.imo, name: 'RENAMED TRADER' },
      { sequenceId: 2 },
    ).map((s) => tagged(at, 'terrestrial', s));
    const reply = await ingest([...newcomer, ...rename].join('\n'));
    expect(reply.body).toMatchObject({ static_updates: 2, rejected: 0 });
    const [created] = (await maritime.harness.db.query(
      'SELECT name, vessel_type, mmsi FROM vessels WHERE imo = $1',
      [testImo(77)],
    )) as { name: string; vessel_type: string; mmsi: string }[];
    expect(created).toEqual({ name: 'NEW TANKER', vessel_type: 'tanker', mmsi: '351000077' });
    const history = (await maritime.harness.db.query(
      `SELECT field, old_value, new_value, source FROM vessel_identity_history WHERE imo = $1`,
      [KNOWN.imo],
    )) as Record<string, string>[];
    expect(history).toEqual([
      { field: 'name', old_value: 'KNOWN TRADER', new_value: 'RENAMED TRADER', source: 'ais' },
    ]);
  });

  it('finds a dark gap at sea from the ingested fixes, once, however often the detectors run', async () => {
    const imo = testImo(2);
    await insertVessels(maritime.harness.db, [{ imo, mmsi: '351000002', name: 'GOES DARK' }]);
    const start = Math.floor(clock().nowMs() / 1000) - 20 * 3600;
    const fixes = [0, 0.25, 0.5, 9.5, 9.75].map((h, i) =>
      tagged(
        start + h * 3600,
        'sat-1',
        encodePositionReport({ mmsi: '351000002', lat: 20 + i * 0.01, lon: 60 }),
      ),
    );
    expect((await ingest(fixes.join('\n'))).body).toMatchObject({ positions_inserted: 5 });
    const dispatcher = maritime.harness.instances[0]!.app.get(JobDispatcher);
    const request = {
      imos: [imo],
      from: new Date(start * 1000).toISOString(),
      to: new Date((start + 9.75 * 3600) * 1000).toISOString(),
      batchId: 'test',
    };
    // The 9-hour silence between fixes, and the one since the last fix (still open at now).
    const first = await dispatcher.runNow('ais-derive', { data: request });
    expect(first).toMatchObject({ acquired: true, result: { dark_events: 2 } });
    expect(await dispatcher.runNow('ais-derive', { data: request })).toMatchObject({
      result: { dark_events: 0 },
    });
    const gaps = (await maritime.harness.db.query(
      `SELECT started_at, ended_at, gap_hours::float8 AS hours, severity FROM dark_events
       WHERE imo = $1 ORDER BY started_at`,
      [imo],
    )) as { started_at: Date; ended_at: Date | null; hours: number | null; severity: string }[];
    expect(gaps).toEqual([
      {
        started_at: new Date((start + 0.5 * 3600) * 1000),
        ended_at: new Date((start + 9.5 * 3600) * 1000),
        hours: 9,
        severity: 'info',
      },
      {
        started_at: new Date((start + 9.75 * 3600) * 1000),
        ended_at: null,
        hours: null,
        severity: 'info',
      },
    ]);
    const [run] = (await maritime.harness.db.query(
      `SELECT count(*)::int AS n FROM job_runs WHERE job = 'ais-derive' AND status = 'succeeded'`,
    )) as { n: number }[];
    expect(run!.n).toBe(2);
  });
});
