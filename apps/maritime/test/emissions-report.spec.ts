// GET /emissions/report: the annual per-vessel report with CII ratings recomputed by hand,
// the plan's export cap (free refused, starter cut at 1,000 rows), and the CSV shape.
import { expectErrorBody } from '@platform/testing';
import { VoyageMetricsService } from '../src/pipeline/voyage-metrics/voyage-metrics.service';
import { maritimeForFile } from './support/maritime-harness';
import { insertVoyageMetricsFixture, VM_IMO } from './support/voyage-metrics-fixtures';
import { insertYearOfContainerships } from './support/voyage-metrics-bulk';

const maritime = maritimeForFile();
const keys: Record<string, string> = {};

type Row = Record<string, unknown>;
interface ReportReply {
  report: {
    year: number;
    generated_at: string;
    methodology: Record<string, unknown>;
    rows: Row[];
    row_count: number;
    truncated: boolean;
  };
}

beforeAll(async () => {
  const db = maritime.harness.db;
  await insertVoyageMetricsFixture(db);
  // 1,001 containerships with one voyage each, arriving in 2024.
  await insertYearOfContainerships(db, 1001, 2024);
  await maritime.harness.instances[0]!.app.get(VoyageMetricsService).computeAll();
  for (const plan of ['free', 'starter', 'pro', 'admin'] as const)
    keys[plan] = await maritime.mintKey(plan);
});

describe('GET /api/v1/emissions/report', () => {
  it('refuses free keys with 403 plan_upgrade_required naming starter', async () => {
    const reply = await maritime.get<{ required_plan: string }>(
      '/api/v1/emissions/report',
      keys.free,
    );
    expect(reply.status).toBe(403);
    expectErrorBody('code', reply.body, 'plan_upgrade_required');
    expect(reply.body.required_plan).toBe('starter');
    expect((await maritime.get('/api/v1/emissions/report')).status).toBe(401);
  });

  it('rates each vessel against the median annual AER of its type that year', async () => {
    const reply = await maritime.get<ReportReply>('/api/v1/emissions/report?year=2026', keys.pro);
    expect(reply.status).toBe(200);
    const { report } = reply.body;
    expect(report).toMatchObject({ year: 2026, row_count: 3, truncated: false });
    expect(report.generated_at).toBe('2026-03-31T23:59:59.000Z');
    expect(report.methodology).toMatchObject({ version: 'emissions-v1' });
    // Annual AER: A 1,224,176,000 g / (50,000 x 6,048) = 4.0482 (the median), B 6.4059,
    // C 248,047,000 / (50,000 x 2,016) = 2.4608. Ratios 1 (C), 1.5824 (E), 0.6079 (A).
    expect(report.rows.map((r) => [r.imo_number, r.aer, r.cii_ratio, r.cii_rating])).toEqual([
      [VM_IMO.A, 4.0482, 1, 'C'],
      [VM_IMO.B, 6.4059, 1.5824, 'E'],
      [VM_IMO.C, 2.4608, 0.6079, 'A'],
    ]);
    expect(report.rows[0]).toEqual({
      imo_number: VM_IMO.A,
      name: 'ALPHA BULK',
      vessel_type: 'bulk_carrier',
      flag: 'PA',
      dwt: 50_000,
      voyages: 2,
      distance_nm: 6048,
      hours_at_sea: 576,
      fuel_t_by_type: { HFO: 393.12 },
      co2_t: 1224.176,
      transport_work_tnm: 120_960_000,
      aer: 4.0482,
      cii_ratio: 1,
      cii_rating: 'C',
    });
    expect(report.rows[2]!.fuel_t_by_type).toEqual({ VLSFO: 78.72 });
  });

  it('keeps the fleet medians when filtering by vessel or type', async () => {
    const one = await maritime.get<ReportReply>(
      `/api/v1/emissions/report?year=2026&imo=${VM_IMO.C}`,
      keys.pro,
    );
    expect(one.body.report.rows.map((r) => r.cii_rating)).toEqual(['A']);
    const tankers = await maritime.get<ReportReply>(
      '/api/v1/emissions/report?year=2026&vessel_type=tanker',
      keys.pro,
    );
    expect(tankers.body.report).toMatchObject({ rows: [], row_count: 0, truncated: false });
  });

  it('defaults to the last full year', async () => {
    const reply = await maritime.get<ReportReply>('/api/v1/emissions/report', keys.starter);
    expect(reply.status).toBe(200);
    // Only C's 2025 voyage: alone in its type, so its own median (ratio 1, C).
    expect(reply.body.report.year).toBe(2025);
    expect(reply.body.report.rows.map((r) => [r.imo_number, r.cii_ratio, r.cii_rating])).toEqual([
      [VM_IMO.C, 1, 'C'],
    ]);
  });

  it('cuts the rows to the plan’s export cap and says so', async () => {
    const starter = await maritime.get<ReportReply>(
      '/api/v1/emissions/report?year=2024',
      keys.starter,
    );
    expect(starter.body.report).toMatchObject({ row_count: 1000, truncated: true });
    expect(starter.body.report.rows).toHaveLength(1000);
    const pro = await maritime.get<ReportReply>('/api/v1/emissions/report?year=2024', keys.pro);
    expect(pro.body.report).toMatchObject({ row_count: 1001, truncated: false });
    const admin = await maritime.get<ReportReply>('/api/v1/emissions/report?year=2024', keys.admin);
    expect(admin.body.report.row_count).toBe(1001);
  });

  it('writes CSV: a header and one line per vessel, quoted where needed', async () => {
    const response = await fetch(`${maritime.url}/api/v1/emissions/report?year=2026&format=csv`, {
      headers: { 'x-api-key': keys.pro! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="emissions-2026.csv"',
    );
    expect(response.headers.get('x-row-count')).toBe('3');
    expect(response.headers.get('x-truncated')).toBe('false');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'imo_number,name,vessel_type,flag,dwt,voyages,distance_nm,hours_at_sea,fuel_t_hfo,fuel_t_vlsfo,fuel_t_mgo,fuel_t_lng,co2_t,transport_work_tnm,aer,cii_ratio,cii_rating',
    );
    expect(lines[1]).toBe(
      `${VM_IMO.A},ALPHA BULK,bulk_carrier,PA,50000,2,6048,576,393.12,0,0,0,1224.176,120960000,4.0482,1,C`,
    );
    expect(lines[3]).toBe(
      `${VM_IMO.C},"CHARLIE, ""THE"" BULK",bulk_carrier,PA,50000,1,2016,288,0,78.72,0,0,248.047,0,2.4608,0.6079,A`,
    );
    expect(lines).toHaveLength(5); // header, 3 rows, and the empty string after the last CRLF
    const capped = await fetch(`${maritime.url}/api/v1/emissions/report?year=2024&format=csv`, {
      headers: { 'x-api-key': keys.starter! },
    });
    expect(capped.headers.get('x-truncated')).toBe('true');
    expect((await capped.text()).trim().split('\r\n')).toHaveLength(1001);
  });

  it.each([
    ['year', 'year=1900'],
    ['year', 'year=2026.5'],
    ['format', 'format=xlsx'],
    ['vessel_type', 'vessel_type=boat'],
  ])('refuses a bad %s with 400', async (field, query) => {
    const reply = await maritime.get<{ details: { field: string }[] }>(
      `/api/v1/emissions/report?${query}`,
      keys.pro,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.details.map((d) => d.field)).toContain(field);
  });

  it('refuses a future year', async () => {
    const reply = await maritime.get('/api/v1/emissions/report?year=2027', keys.pro);
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
  });
});
