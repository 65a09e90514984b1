// GET /earnings and /earnings/port-revenue on hand-built voyages: TCE and port revenue
// recomputed by hand, filters, 404s and limits.
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

type Row = Record<string, unknown>;

beforeAll(async () => {
  fixture = await insertVoyageMetricsFixture(maritime.harness.db);
  await maritime.harness.instances[0]!.app.get(VoyageMetricsService).computeAll();
});

describe('GET /api/v1/earnings', () => {
  it('lists voyages newest arrival first, with the TCE recomputable from the record', async () => {
    const reply = await maritime.get<{ earnings: Row[]; count: number; limit_applied: number }>(
      '/api/v1/earnings',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.limit_applied).toBe(50);
    // C burns VLSFO, which has no price: no earnings rows for its voyages.
    expect(reply.body.earnings.map((e) => e.voyage_id)).toEqual(
      [fixture.voyages.V2, fixture.voyages.V1, fixture.voyages.V3].map(Number),
    );
    expect(reply.body.count).toBe(3);
    const v1 = reply.body.earnings[1]!;
    expect(v1).toMatchObject({
      imo_number: VM_IMO.A,
      vessel_name: 'ALPHA BULK',
      vessel_type: 'bulk_carrier',
      origin_port: 'rotterdam',
      destination_port: 'singapore',
      departed_at: '2026-03-01T00:00:00.000Z',
      arrived_at: '2026-03-13T00:00:00.000Z',
      cargo_t: 40_000,
      freight_rate_usd_t: 12.5,
      revenue_usd: 500_000, // 40,000 t x 12.5
      bunker_cost_usd: 120_240, // 200.4 t x 600
      port_costs_usd: 95_000, // 30,000 GT x 0.5 + 40,000 t x 2
      voyage_days: 15,
      tce_usd_day: 18_984, // (500,000 - 120,240 - 95,000) / 15
    });
    for (const e of reply.body.earnings)
      if (e.tce_usd_day !== null)
        expect(e.tce_usd_day).toBeCloseTo(
          ((e.revenue_usd as number) -
            (e.bunker_cost_usd as number) -
            (e.port_costs_usd as number)) /
            (e.voyage_days as number),
          2,
        );
    // A lane without an index rate: costs, but neither revenue nor TCE.
    expect(reply.body.earnings[0]).toMatchObject({
      freight_rate_usd_t: null,
      revenue_usd: null,
      tce_usd_day: null,
      bunker_cost_usd: 115_632,
      port_costs_usd: 12_000,
    });
  });

  it('filters by vessel and by port (either end of the voyage)', async () => {
    const byVessel = await maritime.get<{ earnings: Row[] }>(`/api/v1/earnings?vessel=${VM_IMO.B}`);
    expect(byVessel.body.earnings.map((e) => e.voyage_id)).toEqual([Number(fixture.voyages.V3)]);
    const byPort = await maritime.get<{ earnings: Row[] }>('/api/v1/earnings?port=singapore');
    expect(byPort.body.earnings.map((e) => e.voyage_id)).toEqual(
      [fixture.voyages.V2, fixture.voyages.V1].map(Number),
    );
    const santos = await maritime.get<{ earnings: Row[] }>('/api/v1/earnings?port=santos');
    expect(santos.body.earnings.map((e) => e.voyage_id)).toEqual([Number(fixture.voyages.V3)]);
  });

  it('answers 404 for an unknown vessel or port and 400 for a malformed one', async () => {
    const vessel = await maritime.get(`/api/v1/earnings?vessel=${testImo(999)}`);
    expect(vessel.status).toBe(404);
    expectErrorBody('code', vessel.body, 'vessel_not_found');
    const port = await maritime.get('/api/v1/earnings?port=atlantis');
    expect(port.status).toBe(404);
    expectErrorBody('code', port.body, 'port_not_found');
    const imo = await maritime.get<{ details: { field: string }[] }>(
      '/api/v1/earnings?vessel=9999999',
    );
    expect(imo.status).toBe(400);
    expect(imo.body.details.map((d) => d.field)).toContain('vessel');
  });

  it('clamps the limit to 200 and echoes it; 0 or a fraction is 400', async () => {
    const clamped = await maritime.get<{ limit_applied: number; earnings: Row[] }>(
      '/api/v1/earnings?limit=500',
    );
    expect(clamped.status).toBe(200);
    expect(clamped.body.limit_applied).toBe(200);
    const one = await maritime.get<{ limit_applied: number; earnings: Row[] }>(
      '/api/v1/earnings?limit=1',
    );
    expect(one.body.earnings).toHaveLength(1);
    for (const bad of ['0', '1.5', 'ten', '-3']) {
      const reply = await maritime.get(`/api/v1/earnings?limit=${bad}`);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });
});

describe('GET /api/v1/earnings/port-revenue', () => {
  it('sums calls per port and ISO week (Monday) with the port tariffs', async () => {
    const reply = await maritime.get<{ port_revenue: Row[]; limit_applied: number }>(
      '/api/v1/earnings/port-revenue',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.limit_applied).toBe(52);
    expect(reply.body.port_revenue).toEqual([
      {
        // A's open call on Saturday 2026-03-28: 30,000 GT x 0.4, no cargo.
        port: 'rotterdam',
        week_start: '2026-03-23',
        calls: 1,
        gt_handled: 30_000,
        cargo_tonnes: 0,
        dues_usd_per_gt: 0.4,
        handling_usd_per_t: 1.5,
        port_dues_usd: 12_000,
        handling_usd: 0,
        total_revenue_usd: 12_000,
      },
      {
        // A (30,000 GT, 40,000 t discharged) and B (20,000 GT, 10,000 t loaded), 11 and 13 March.
        port: 'singapore',
        week_start: '2026-03-09',
        calls: 2,
        gt_handled: 50_000,
        cargo_tonnes: 50_000,
        dues_usd_per_gt: 0.5,
        handling_usd_per_t: 2,
        port_dues_usd: 25_000,
        handling_usd: 100_000,
        total_revenue_usd: 125_000,
      },
    ]);
  });

  it('filters by port, 404s an unknown one, and clamps the limit', async () => {
    const one = await maritime.get<{ port_revenue: Row[] }>(
      '/api/v1/earnings/port-revenue?port=singapore',
    );
    expect(one.body.port_revenue.map((r) => r.port)).toEqual(['singapore']);
    const none = await maritime.get<{ port_revenue: Row[] }>(
      '/api/v1/earnings/port-revenue?port=santos',
    );
    expect(none.body.port_revenue).toEqual([]);
    const unknown = await maritime.get('/api/v1/earnings/port-revenue?port=atlantis');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'port_not_found');
    const clamped = await maritime.get<{ limit_applied: number }>(
      '/api/v1/earnings/port-revenue?limit=201',
    );
    expect(clamped.body.limit_applied).toBe(200);
    const zero = await maritime.get('/api/v1/earnings/port-revenue?limit=0');
    expect(zero.status).toBe(400);
    const capped = await maritime.get<{ port_revenue: Row[] }>(
      '/api/v1/earnings/port-revenue?limit=1',
    );
    expect(capped.body.port_revenue).toHaveLength(1);
  });
});
