// Voyage metrics over the small seed (200 vessels, 180 days): every completed voyage gets its
// rows, revenue only from the latest index rate on or before departure, and every stored TCE
// and CO2 figure agrees with its own inputs.
import { VoyageMetricsService } from '../src/pipeline/voyage-metrics/voyage-metrics.service';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
const service = (): VoyageMetricsService =>
  maritime.harness.instances[0]!.app.get(VoyageMetricsService);
const one = async <T>(sql: string): Promise<T> =>
  ((await maritime.harness.db.query(sql)) as T[])[0]!;

describe('voyage metrics on the small seed', () => {
  it('computes every completed voyage, and a second sweep finds nothing pending', async () => {
    const result = await service().computeAll({ all: true });
    const expected = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM voyages v JOIN vessels s USING (imo)
       WHERE v.status = 'completed' AND v.hours_at_sea > 0 AND v.distance_nm IS NOT NULL
         AND s.design_speed_kn IS NOT NULL AND s.design_fuel_t_day IS NOT NULL`,
    );
    expect(expected.n).toBeGreaterThan(500);
    expect(result.voyages).toBe(expected.n);
    // The seed prices every fuel every day, so every voyage has earnings; laden legs of the
    // tariffed types have an index rate.
    expect(result.earnings).toBe(result.voyages);
    expect(result.with_revenue).toBeGreaterThan(result.voyages / 5);
    expect(await service().computeAll()).toMatchObject({ voyages: 0 });
  });

  it('takes revenue only from the latest index rate on or before departure', async () => {
    const wrong = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM voyage_earnings r
       JOIN voyages v ON v.id = r.voyage_id
       LEFT JOIN freight_rates f ON f.id = r.freight_rate_id
       WHERE r.revenue_usd IS NOT NULL AND (
         f.id IS NULL OR f.source <> 'index' OR f.assessed_on > v.departed_at::date
         OR f.route_code <> r.route_code
         OR abs(r.revenue_usd - round((r.cargo_t * f.rate_value)::numeric, 2)) > 0.01
         OR EXISTS (SELECT 1 FROM freight_rates g WHERE g.source = 'index'
                    AND g.vessel_type = f.vessel_type AND g.route_code = f.route_code
                    AND g.assessed_on > f.assessed_on AND g.assessed_on <= v.departed_at::date))`,
    );
    expect(wrong.n).toBe(0);
  });

  it('stores figures that recompute from their own inputs', async () => {
    const bad = await one<{ tce: number; co2: number; eeoi: number; bunker: number }>(
      `SELECT
         (SELECT count(*)::int FROM voyage_earnings WHERE tce_usd_day IS NOT NULL AND
            abs(tce_usd_day - (revenue_usd - bunker_cost_usd - port_costs_usd) / voyage_days) > 0.01)
           AS tce,
         (SELECT count(*)::int FROM voyage_earnings WHERE
            abs(bunker_cost_usd - fuel_t * bunker_price_usd_t) > 0.01) AS bunker,
         (SELECT count(*)::int FROM voyage_emissions WHERE
            abs(co2_t - fuel_t * emission_factor) > 0.003
            OR abs(fuel_t - main_fuel_t - aux_fuel_t) > 0.002) AS co2,
         (SELECT count(*)::int FROM voyage_emissions WHERE
            (eeoi_g_per_tnm IS NULL) <> (coalesce(transport_work_tnm, 0) = 0)) AS eeoi`,
    );
    expect(bad).toEqual({ tce: 0, co2: 0, eeoi: 0, bunker: 0 });
  });

  it('serves clamped lists of earnings, port revenue and freight rates', async () => {
    for (const path of ['earnings', 'earnings/port-revenue', 'freight-rates']) {
      const reply = await maritime.get<Record<string, unknown>>(`/api/v1/${path}?limit=500`);
      expect(reply.status).toBe(200);
      expect(reply.body.limit_applied).toBe(200);
      const list = Object.values(reply.body).find(Array.isArray) as unknown[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(200);
    }
    const weeks = await maritime.get<{ port_revenue: unknown[] }>(
      '/api/v1/earnings/port-revenue?port=rotterdam',
    );
    expect(weeks.body.port_revenue.length).toBeGreaterThan(20);
  });
});
