// GET /emissions on hand-built voyages: per-voyage, per-vessel and per-type figures recomputed
// by hand, totals, the plan's history depth, and parameter validation.
import { expectErrorBody } from '@platform/testing';
import { VoyageMetricsService } from '../src/pipeline/voyage-metrics/voyage-metrics.service';
import { testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';
import {
  insertVoyageMetricsFixture,
  VM_IMO,
  VoyageMetricsFixture,
} from './support/voyage-metrics-fixtures';

const maritime = maritimeForFile();
let fixture: VoyageMetricsFixture;
const keys: Record<string, string> = {};

type Row = Record<string, unknown>;
interface EmissionsReply {
  emissions: Row[];
  totals: { voyages: number; distance_nm: number; fuel_t: number; co2_t: number };
  tier: string;
  group_by: string;
  from: string;
  to: string;
  limit_applied: number;
}

beforeAll(async () => {
  fixture = await insertVoyageMetricsFixture(maritime.harness.db);
  await maritime.harness.instances[0]!.app.get(VoyageMetricsService).computeAll();
  for (const plan of ['free', 'starter', 'pro'] as const) keys[plan] = await maritime.mintKey(plan);
});

describe('GET /api/v1/emissions access', () => {
  it('needs a key of the starter plan or above', async () => {
    const anonymous = await maritime.get('/api/v1/emissions');
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const free = await maritime.get<{ required_plan: string }>('/api/v1/emissions', keys.free);
    expect(free.status).toBe(403);
    expectErrorBody('code', free.body, 'plan_upgrade_required');
    expect(free.body.required_plan).toBe('starter');
  });

  it('defaults to the last 90 days, cut silently to a starter key’s 30', async () => {
    const reply = await maritime.get<EmissionsReply>('/api/v1/emissions', keys.starter);
    expect(reply.status).toBe(200);
    // now is 2026-03-31T23:59:59Z; 30 days back is 2026-03-01T23:59:59Z: V1 and V2 arrived since.
    expect(reply.body.from).toBe('2026-03-01T23:59:59.000Z');
    expect(reply.body.emissions.map((e) => e.voyage_id)).toEqual(
      [fixture.voyages.V2, fixture.voyages.V1].map(Number),
    );
    expect(reply.body.tier).toBe('starter');
    const pro = await maritime.get<EmissionsReply>('/api/v1/emissions', keys.pro);
    // 90 days back: 2026-01-01T23:59:59Z; V5 (13 January) and V3 (13 February) are in too.
    expect(pro.body.totals.voyages).toBe(4);
  });

  it('refuses an explicit from older than the plan’s history with 403', async () => {
    const reply = await maritime.get<{ history_days: number }>(
      '/api/v1/emissions?from=2026-02-01',
      keys.starter,
    );
    expect(reply.status).toBe(403);
    expectErrorBody('code', reply.body, 'history_depth_exceeded');
    const pro = await maritime.get('/api/v1/emissions?from=2020-01-01', keys.pro);
    expect(pro.status).toBe(200);
  });
});

describe('GET /api/v1/emissions figures', () => {
  it('gives each voyage’s fuel, CO2 and intensities, recomputed by hand', async () => {
    const reply = await maritime.get<EmissionsReply>(
      `/api/v1/emissions?imo=${VM_IMO.A}&from=2026-01-01`,
      keys.pro,
    );
    expect(reply.status).toBe(200);
    const [v2, v1] = reply.body.emissions;
    expect(v1).toEqual({
      voyage_id: Number(fixture.voyages.V1),
      imo_number: VM_IMO.A,
      vessel_name: 'ALPHA BULK',
      vessel_type: 'bulk_carrier',
      origin_port: 'rotterdam',
      destination_port: 'singapore',
      departed_at: '2026-03-01T00:00:00.000Z',
      arrived_at: '2026-03-13T00:00:00.000Z',
      distance_nm: 3024,
      hours_at_sea: 288,
      fuel_type: 'HFO',
      fuel_t: 200.4, // main 32 x 0.75^3 x 12 = 162 + aux 0.08 x 32 x (12 + 3) = 38.4
      co2_t: 624.046, // x 3.114
      cargo_t: 40_000,
      transport_work_tnm: 120_960_000,
      eeoi_g_per_tnm: 5.1591,
      aer_g_per_dwt_nm: 4.1273,
    });
    expect(v2).toMatchObject({ fuel_t: 192.72, co2_t: 600.13, eeoi_g_per_tnm: null });
    expect(reply.body.totals).toEqual({
      voyages: 2,
      distance_nm: 6048,
      fuel_t: 393.12,
      co2_t: 1224.176,
    });
  });

  it('groups by vessel: sums, AER over dwt-miles and EEOI over transport work', async () => {
    const reply = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=2026-01-01&group_by=vessel',
      keys.pro,
    );
    expect(reply.body.group_by).toBe('vessel');
    // Most CO2 first: B 1,291.438, A 1,224.176, C 248.047.
    expect(reply.body.emissions.map((e) => e.imo_number)).toEqual([VM_IMO.B, VM_IMO.A, VM_IMO.C]);
    expect(reply.body.emissions[1]).toEqual({
      imo_number: VM_IMO.A,
      vessel_name: 'ALPHA BULK',
      vessel_type: 'bulk_carrier',
      voyages: 2,
      distance_nm: 6048,
      hours_at_sea: 576,
      fuel_t: 393.12,
      co2_t: 1224.176,
      transport_work_tnm: 120_960_000,
      eeoi_g_per_tnm: 10.1205, // 1,224,176,000 g / 120,960,000 t-nm (the ballast leg counts)
      aer_g_per_dwt_nm: 4.0482, // 1,224,176,000 g / (50,000 x 6,048)
    });
    expect(reply.body.emissions[0]).toMatchObject({ eeoi_g_per_tnm: null, voyages: 1 });
  });

  it('groups by vessel type for the fleet view', async () => {
    const reply = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=2026-01-01&group_by=fleet',
      keys.pro,
    );
    expect(reply.body.emissions).toEqual([
      {
        vessel_type: 'bulk_carrier',
        vessels: 3,
        voyages: 4,
        distance_nm: 12_096,
        hours_at_sea: 1152,
        fuel_t: 886.56, // 393.12 + 414.72 + 78.72
        co2_t: 2763.661, // 1,224.176 + 1,291.438 + 248.047
        transport_work_tnm: 120_960_000,
        eeoi_g_per_tnm: 22.8477,
        aer_g_per_dwt_nm: 4.5695, // 2,763,661,000 g / (50,000 x 12,096) = 4.56954…
      },
    ]);
    const none = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=2026-01-01&vessel_type=tanker&group_by=fleet',
      keys.pro,
    );
    expect(none.body.emissions).toEqual([]);
    expect(none.body.totals).toEqual({ voyages: 0, distance_nm: 0, fuel_t: 0, co2_t: 0 });
  });

  it('keeps totals over the whole filter when the list is limited', async () => {
    const reply = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=2026-01-01&limit=1',
      keys.pro,
    );
    expect(reply.body.emissions).toHaveLength(1);
    expect(reply.body.totals.voyages).toBe(4);
    const window = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=2026-02-01&to=2026-02-28',
      keys.pro,
    );
    expect(window.body.emissions.map((e) => e.voyage_id)).toEqual([Number(fixture.voyages.V3)]);
  });
});

describe('GET /api/v1/emissions parameters', () => {
  it('clamps the limit to 200 and echoes it; 0 is 400', async () => {
    const clamped = await maritime.get<EmissionsReply>('/api/v1/emissions?limit=500', keys.pro);
    expect(clamped.body.limit_applied).toBe(200);
    const zero = await maritime.get('/api/v1/emissions?limit=0', keys.pro);
    expect(zero.status).toBe(400);
  });

  it.each([
    ['group_by', 'group_by=port'],
    ['vessel_type', 'vessel_type=all'],
    ['imo', 'imo=1234568'],
    ['from', 'from=yesterday'],
  ])('refuses a bad %s with 400 and its field in details', async (field, query) => {
    const reply = await maritime.get<{ details: { field: string }[] }>(
      `/api/v1/emissions?${query}`,
      keys.pro,
    );
    expect(reply.status).toBe(400);
    expectErrorBody('code', reply.body, 'invalid_request');
    expect(reply.body.details.map((d) => d.field)).toEqual([field]);
  });

  it('refuses from after to, and 404s an unknown vessel', async () => {
    const reversed = await maritime.get(
      '/api/v1/emissions?from=2026-03-10&to=2026-03-01',
      keys.pro,
    );
    expect(reversed.status).toBe(400);
    const yearZero = await maritime.get<EmissionsReply>(
      '/api/v1/emissions?from=0000-01-01',
      keys.pro,
    );
    expect(yearZero.status).toBe(200);
    expect(yearZero.body.totals.voyages).toBe(5);
    expect((await maritime.get('/api/v1/emissions?to=0000-01-01', keys.pro)).status).toBe(400);
    const unknown = await maritime.get(`/api/v1/emissions?imo=${testImo(998)}`, keys.pro);
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
  });
});
