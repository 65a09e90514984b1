// POST /pi-coverage/import: header handling, club and vessel matching, invalid rows with their
// line numbers, idempotent upserts recorded per batch, and the size, row and media-type limits.
import { expectErrorBody } from '@platform/testing';
import { maritimeForFile } from './support/maritime-harness';
import { insertPiWorld, PI_VESSELS, postCsv } from './support/pi-fixtures';

const maritime = maritimeForFile();
let key = '';
const v = PI_VESSELS;

const HEADER = '\ufeffClub,IMO_NUMBER,Cover_Type,policy_year,Expiry,inception,GT_Entered';
/** Club, IMO, cover, year, expiry, inception, gt: CRLF line ends, one blank line (line 5). */
const MIXED = [
  HEADER,
  `GARD,${v.uniform},owners_entry,2026,2027-02-20,2026-02-20,15000`,
  `Assuranceforeningen Skuld (Gjensidig),${v.uniform},Charterers,2026,2027-02-20,2026-02-20,`,
  `Sable Current,${v.yankee},owners_entry,2026,2027-02-20,2026-02-20,12345`,
  '',
  `Nonexistent Mutual,${v.uniform},owners_entry,2026,2027-02-20,2026-02-20,`,
  `"Acme P&I",${v.uniform},owners_entry,2026,2027-02-20,2026-02-20,`,
  `Nonexistent Mutual,${v.yankee},owners_entry,2026,2027-02-20,2026-02-20,`,
  'gard,9074729,owners_entry,2026,2027-02-20,2026-02-20,',
  'gard,1234567,owners_entry,2026,2027-02-20,2026-02-20,',
  'gard,9999999,owners_entry,2026,2027-02-20,2026-02-20,',
  `gard,${v.uniform},hull,2026,2027-02-20,2026-02-20,`,
  `gard,${v.uniform},owners_entry,2026,2026-02-20,2026-02-20,`,
  `gard,${v.uniform},owners_entry,1800,2027-02-20,2026-02-20,-5`,
  `gard,${v.uniform},owners_entry,2026,2027-02-20,2026-02-30,`,
  `gard,${v.uniform},owners_entry,2026,2028-02-20,2026-02-20,1`,
  `gard,${v.uniform}`,
].join('\r\n');

beforeAll(async () => {
  await insertPiWorld(maritime.harness.db);
  key = await maritime.mintKey('pro');
});

async function coverageCount(): Promise<number> {
  const [row] = (await maritime.harness.db.query('SELECT count(*)::int AS n FROM pi_coverage')) as {
    n: number;
  }[];
  return row!.n;
}

describe('POST /pi-coverage/import', () => {
  it('needs a pro key: 401 without a key, 403 for starter', async () => {
    const anonymous = await postCsv(maritime.url, MIXED, '');
    expect(anonymous.status).toBe(401);
    const starter = await postCsv(maritime.url, MIXED, await maritime.mintKey('starter'));
    expect(starter.status).toBe(403);
    expectErrorBody('code', starter.body, 'plan_upgrade_required');
    expect(starter.body.required_plan).toBe('pro');
  });

  it('matches clubs by slug, name or alias and reports every other row with its line', async () => {
    const before = await coverageCount();
    const reply = await postCsv(maritime.url, MIXED, key, 'text/csv; charset=utf-8');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      rows_processed: 15,
      matched: 3,
      unmatched_clubs: ['Acme P&I', 'Nonexistent Mutual'],
      unmatched_vessels: ['1234567', '9074729'],
      invalid_rows: [
        { line: 11, error: 'imo_number must be 7 digits with a valid IMO check digit' },
        { line: 12, error: 'cover_type must be one of owners_entry, charterers' },
        { line: 13, error: 'expiry must be after inception' },
        {
          line: 14,
          error:
            'policy_year must be a year from 1950 to 2100; gt_entered must be empty or a whole number from 1',
        },
        { line: 15, error: 'inception must be a date YYYY-MM-DD' },
        {
          line: 16,
          error: 'repeats line 2 (same imo_number, club, policy_year and cover_type)',
        },
        {
          line: 17,
          error:
            'cover_type must be one of owners_entry, charterers; policy_year must be a year from 1950 to 2100; inception must be a date YYYY-MM-DD; expiry must be a date YYYY-MM-DD',
        },
      ],
      invalid_row_count: 7,
      batch_id: expect.any(Number),
    });
    expect(await coverageCount()).toBe(before + 3);
    const [batch] = (await maritime.harness.db.query(
      `SELECT owner_id, api_key_id IS NOT NULL AS has_key, rows_processed, matched, unmatched_clubs,
         unmatched_vessels, jsonb_array_length(invalid_rows) AS invalid
       FROM pi_import_batches WHERE id = $1`,
      [reply.body.batch_id],
    )) as Record<string, unknown>[];
    expect(batch).toEqual({
      owner_id: 'owner-pro',
      has_key: true,
      rows_processed: 15,
      matched: 3,
      unmatched_clubs: ['Acme P&I', 'Nonexistent Mutual'],
      unmatched_vessels: ['1234567', '9074729'],
      invalid: 7,
    });
    const coverage = await maritime.get<{ coverage: Record<string, unknown>[] }>(
      `/api/v1/pi-coverage?vessel=${v.uniform}`,
    );
    expect(
      coverage.body.coverage.map((c) => [
        c.club_slug,
        c.cover_type,
        c.gt_entered,
        c.status,
        c.source,
        c.batch_id,
      ]),
    ).toEqual([
      ['gard', 'owners_entry', 15_000, 'active', 'import', reply.body.batch_id],
      ['skuld', 'charterers', null, 'active', 'import', reply.body.batch_id],
    ]);
  });

  it('upserts: the same file twice adds no rows, and a changed row is updated in place', async () => {
    await postCsv(maritime.url, MIXED, key);
    const before = await coverageCount();
    const again = await postCsv(maritime.url, MIXED, key);
    expect([again.status, again.body.matched]).toEqual([200, 3]);
    expect(await coverageCount()).toBe(before);
    const changed = await postCsv(
      maritime.url,
      `imo_number,club,cover_type,policy_year,inception,expiry,gt_entered\n${v.uniform},gard,owners_entry,2026,2026-02-20,2027-03-01,16000\n${v.xray},Gard AS,owners_entry,2026,2026-02-20,2027-02-20,30000\n`,
      key,
    );
    expect([changed.status, changed.body.matched, changed.body.invalid_rows]).toEqual([200, 2, []]);
    expect(await coverageCount()).toBe(before);
    const rows = (await maritime.harness.db.query(
      `SELECT c.imo, c.expiry::text AS expiry, c.gt_entered, c.source, c.batch_id::int AS batch_id
       FROM pi_coverage c JOIN pi_clubs k ON k.id = c.club_id
       WHERE k.slug = 'gard' AND c.cover_type = 'owners_entry' AND c.policy_year = 2026
         AND c.imo = ANY ($1::text[]) ORDER BY c.imo`,
      [[v.xray, v.uniform]],
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        imo: v.xray,
        expiry: '2027-02-20',
        gt_entered: 30_000,
        source: 'import',
        batch_id: changed.body.batch_id,
      },
      {
        imo: v.uniform,
        expiry: '2027-03-01',
        gt_entered: 16_000,
        source: 'import',
        batch_id: changed.body.batch_id,
      },
    ]);
  });

  it('accepts a header without gt_entered and extra columns, and a header-only file', async () => {
    const reply = await postCsv(
      maritime.url,
      `note,EXPIRY,inception,policy_year,cover_type,club,imo_number\nrenewal,2027-02-20,2026-02-20,2026,charterers,kestrel-reef,${v.zulu}\n`,
      key,
    );
    expect([reply.status, reply.body.matched, reply.body.rows_processed]).toEqual([200, 1, 1]);
    const empty = await postCsv(
      maritime.url,
      'imo_number,club,cover_type,policy_year,inception,expiry\n',
      key,
    );
    expect([empty.status, empty.body.rows_processed, empty.body.matched]).toEqual([200, 0, 0]);
  });

  it('refuses a file without a usable header or that cannot be parsed: 400 invalid_csv', async () => {
    for (const body of [
      '',
      'imo_number,club,cover_type,policy_year,inception\n',
      'imo_number,club,club,cover_type,policy_year,inception,expiry\n',
      `imo_number,club,cover_type,policy_year,inception,expiry\n"${v.uniform},gard,owners_entry\n`,
    ]) {
      const reply = await postCsv(maritime.url, body, key);
      expect([body, reply.status]).toEqual([body, 400]);
      expectErrorBody('code', reply.body, 'invalid_csv');
    }
  });

  it('refuses other media types with 415', async () => {
    // A JSON body is read by the app-wide JSON parser first, so it has to be valid JSON to
    // reach the route (a CSV labelled application/json is a 400 from that parser).
    for (const [type, body] of [
      ['application/json', '{"rows": []}'],
      ['text/plain', MIXED],
      ['application/octet-stream', MIXED],
    ] as const) {
      const reply = await postCsv(maritime.url, body, key, type);
      expect([type, reply.status]).toEqual([type, 415]);
      expectErrorBody('code', reply.body, 'unsupported_media_type');
    }
  });

  it('refuses a body over 5 MB with 413', async () => {
    const reply = await postCsv(maritime.url, Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), key);
    expect(reply.status).toBe(413);
    expectErrorBody('code', reply.body, 'payload_too_large');
  });

  it('takes 50,000 rows and refuses 50,001 with 400 invalid_csv', async () => {
    const rows = (n: number): string =>
      ['imo_number,club,cover_type,policy_year,inception,expiry,gt_entered']
        .concat(
          Array.from({ length: n }, () => `${v.uniform},gard,hull,2026,2026-02-20,2027-02-20,`),
        )
        .join('\n');
    const most = await postCsv(maritime.url, rows(50_000), key);
    expect(most.status).toBe(200);
    expect([most.body.rows_processed, most.body.matched, most.body.invalid_row_count]).toEqual([
      50_000, 0, 50_000,
    ]);
    const shown = most.body.invalid_rows as { line: number }[];
    expect([shown.length, shown[0]!.line, shown[99]!.line]).toEqual([100, 2, 101]);
    const over = await postCsv(maritime.url, rows(50_001), key);
    expect(over.status).toBe(400);
    expectErrorBody('code', over.body, 'invalid_csv');
  });
});
