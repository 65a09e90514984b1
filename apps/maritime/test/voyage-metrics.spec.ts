// The voyage-metrics job on hand-built voyages: every stored emissions and earnings figure
// recomputed by hand, the pending-only sweep, a closed arrival call, and the job_runs row.
import { JobDispatcher } from '@platform/queues';
import { VoyageMetricsService } from '../src/pipeline/voyage-metrics/voyage-metrics.service';
import { maritimeForFile } from './support/maritime-harness';
import {
  insertVoyageMetricsFixture,
  VoyageMetricsFixture,
} from './support/voyage-metrics-fixtures';

const maritime = maritimeForFile();
let fixture: VoyageMetricsFixture;

const dispatcher = (): JobDispatcher => maritime.harness.instances[0]!.app.get(JobDispatcher);
const service = (): VoyageMetricsService =>
  maritime.harness.instances[0]!.app.get(VoyageMetricsService);

async function emissionsOf(voyageId: string): Promise<Record<string, number | null>> {
  const rows = (await maritime.harness.db.query(
    `SELECT port_days, avg_speed_kn, main_fuel_t::float8 AS main, aux_fuel_t::float8 AS aux,
       fuel_t::float8 AS fuel, emission_factor::float8 AS factor, co2_t::float8 AS co2,
       transport_work_tnm::float8 AS tw, aer_g_per_dwt_nm::float8 AS aer,
       eeoi_g_per_tnm::float8 AS eeoi
     FROM voyage_emissions WHERE voyage_id = $1`,
    [voyageId],
  )) as Record<string, number | null>[];
  return rows[0]!;
}

async function earningsOf(voyageId: string): Promise<Record<string, unknown> | undefined> {
  const rows = (await maritime.harness.db.query(
    `SELECT route_code, freight_rate_usd_t::float8 AS rate, revenue_usd::float8 AS revenue,
       bunker_price_usd_t::float8 AS bunker_price, bunker_cost_usd::float8 AS bunker,
       port_dues_usd::float8 AS dues, handling_usd::float8 AS handling,
       port_costs_usd::float8 AS port, voyage_days::float8 AS days, tce_usd_day::float8 AS tce
     FROM voyage_earnings WHERE voyage_id = $1`,
    [voyageId],
  )) as Record<string, unknown>[];
  return rows[0];
}

beforeAll(async () => {
  fixture = await insertVoyageMetricsFixture(maritime.harness.db);
});

describe('voyage-metrics job', () => {
  it('computes every completed voyage once and records the run in job_runs', async () => {
    const outcome = await dispatcher().runNow('voyage-metrics');
    expect(outcome).toMatchObject({
      acquired: true,
      result: { voyages: 5, earnings: 3, with_revenue: 1 },
    });
    const runs = (await maritime.harness.db.query(
      `SELECT status, result FROM job_runs WHERE job = 'voyage-metrics' ORDER BY id`,
    )) as { status: string; result: unknown }[];
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
    // A second sweep finds nothing pending.
    expect(await dispatcher().runNow('voyage-metrics')).toMatchObject({
      acquired: true,
      result: { voyages: 0 },
    });
  });

  it('stores V1 (laden, 10.5 kn, 3 port days) as recomputed by hand', async () => {
    // 12 days at 0.75 of design speed: main 32 x 0.421875 x 12 = 162; aux 0.08 x 32 x 15 = 38.4.
    expect(await emissionsOf(fixture.voyages.V1)).toEqual({
      port_days: 3,
      avg_speed_kn: 10.5,
      main: 162,
      aux: 38.4,
      fuel: 200.4,
      factor: 3.114,
      co2: 624.046, // 200.4 x 3.114 = 624.0456
      tw: 120_960_000, // 40,000 t x 3,024 nm
      aer: 4.1273, // 624,045,600 g / (50,000 dwt x 3,024 nm)
      eeoi: 5.1591, // 624,045,600 g / (40,000 t x 3,024 nm)
    });
    // The index rate of 2026-02-23 (12.5), not the user's 50 on the departure day nor the
    // index's 99 after it. HFO on the departure day 600. Singapore: 0.5 per GT, 2 per tonne.
    // Days from leaving rotterdam to leaving singapore: 15. TCE = (500,000 - 120,240 - 95,000) / 15.
    expect(await earningsOf(fixture.voyages.V1)).toEqual({
      route_code: 'NLRTM-SGSIN',
      rate: 12.5,
      revenue: 500_000,
      bunker_price: 600,
      bunker: 120_240,
      dues: 15_000,
      handling: 80_000,
      port: 95_000,
      days: 15,
      tce: 18_984,
    });
  });

  it('stores ballast legs without EEOI, and without revenue where the lane has no index rate', async () => {
    // V2: its rotterdam call is open, so no port days: aux 0.08 x 32 x 12 = 30.72.
    expect(await emissionsOf(fixture.voyages.V2)).toMatchObject({
      port_days: 0,
      fuel: 192.72,
      co2: 600.13, // 192.72 x 3.114 = 600.13008
      tw: 0,
      aer: 3.9691,
      eeoi: null,
    });
    expect(await earningsOf(fixture.voyages.V2)).toEqual({
      route_code: 'SGSIN-NLRTM',
      rate: null,
      revenue: null,
      bunker_price: 600,
      bunker: 115_632, // 192.72 x 600
      dues: 12_000, // 30,000 GT x 0.4
      handling: 0,
      port: 12_000,
      days: 12,
      tce: null,
    });
    // V3 left before the first HFO price: the first one after (500) is used.
    expect(await earningsOf(fixture.voyages.V3)).toMatchObject({
      bunker_price: 500,
      bunker: 207_360, // (384 + 30.72) x 500
      dues: 8_000, // 20,000 GT x 0.4
      days: 12,
    });
    expect(await emissionsOf(fixture.voyages.V3)).toMatchObject({ main: 384, co2: 1291.438 });
    // C burns VLSFO, which has no price at all: emissions, but no earnings row.
    expect(await emissionsOf(fixture.voyages.V5)).toMatchObject({ factor: 3.151, co2: 248.047 });
    expect(await earningsOf(fixture.voyages.V5)).toBeUndefined();
  });

  it('picks a voyage up again once its arrival call has closed', async () => {
    await maritime.harness.db.query(
      `UPDATE port_calls SET berthed_at = '2026-03-28T12:00:00Z', departed_at = '2026-03-30T00:00:00Z'
       WHERE voyage_id = $1`,
      [fixture.voyages.V2],
    );
    expect(await dispatcher().runNow('voyage-metrics')).toMatchObject({
      result: { voyages: 1 },
    });
    // 2 port days: aux 0.08 x 32 x 14 = 35.84; 14 voyage days (2026-03-16 to 03-30).
    expect(await emissionsOf(fixture.voyages.V2)).toMatchObject({ port_days: 2, fuel: 197.84 });
    expect(await earningsOf(fixture.voyages.V2)).toMatchObject({ bunker: 118_704, days: 14 });
  });

  it('recomputes named voyages, or all of them, and ignores voyages that are not completed', async () => {
    expect(await service().compute([Number(fixture.voyages.V1)])).toMatchObject({ voyages: 1 });
    expect(await service().compute([])).toEqual({ voyages: 0, earnings: 0, with_revenue: 0 });
    expect(await service().compute(['999999'])).toMatchObject({ voyages: 0 });
    expect(await service().computeAll({ all: true })).toEqual({
      voyages: 5,
      earnings: 3,
      with_revenue: 1,
    });
    expect(await earningsOf(fixture.voyages.V1)).toMatchObject({ rate: 12.5, tce: 18_984 });
  });
});
