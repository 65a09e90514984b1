import { Inject, Injectable } from '@nestjs/common';
import { roundMetric, voyageEarnings, voyageEmissions } from '@platform/maritime-domain';
import {
  VoyageMetricsInputRow,
  VoyageMetricsRepository,
  VoyageTarget,
} from './voyage-metrics.repository';

export interface VoyageMetricsResult {
  /** Voyages whose emissions were written. */
  voyages: number;
  /** Of those, voyages that also got an earnings row (a bunker price was known). */
  earnings: number;
  /** Of those, voyages with an index rate, so with revenue and a TCE. */
  with_revenue: number;
}

/** Rows written per statement. */
const BATCH = 2000;

/**
 * Fills voyage_emissions and voyage_earnings for completed voyages: the inputs are read in one
 * statement, the formulas run in @platform/maritime-domain, and the rows are upserted in batches
 * of 2,000 (one jsonb_to_recordset statement per table and batch), so a rerun replaces a voyage's
 * rows rather than adding to them.
 */
@Injectable()
export class VoyageMetricsService {
  constructor(
    @Inject(VoyageMetricsRepository) private readonly repository: VoyageMetricsRepository,
  ) {}

  /**
   * Every completed voyage still without metrics (or whose arrival call closed since), or with
   * `all`, every completed voyage.
   */
  computeAll(options: { all?: boolean } = {}): Promise<VoyageMetricsResult> {
    return this.run(options.all ? { kind: 'all' } : { kind: 'pending' });
  }

  /** These voyages, recomputed; ids that are not completed voyages are ignored. */
  compute(voyageIds: readonly (number | string)[]): Promise<VoyageMetricsResult> {
    if (voyageIds.length === 0)
      return Promise.resolve({ voyages: 0, earnings: 0, with_revenue: 0 });
    return this.run({ kind: 'ids', ids: voyageIds.map(String) });
  }

  private async run(target: VoyageTarget): Promise<VoyageMetricsResult> {
    const inputs = await this.repository.inputs(target);
    const result: VoyageMetricsResult = { voyages: 0, earnings: 0, with_revenue: 0 };
    for (let i = 0; i < inputs.length; i += BATCH) {
      const emissions: object[] = [];
      const earnings: object[] = [];
      for (const row of inputs.slice(i, i + BATCH)) {
        const computed = metricsOf(row);
        emissions.push(computed.emissions);
        if (computed.earnings) {
          earnings.push(computed.earnings);
          if (computed.earnings.revenue_usd !== null) result.with_revenue += 1;
        }
      }
      await this.repository.transaction(async (manager) => {
        await this.repository.writeEmissions(emissions, manager);
        await this.repository.writeEarnings(earnings, manager);
      });
      result.voyages += emissions.length;
      result.earnings += earnings.length;
    }
    return result;
  }
}

/** The two rows of one voyage, rounded as stored; no earnings row without a bunker price. */
function metricsOf(row: VoyageMetricsInputRow): {
  emissions: Record<string, unknown>;
  earnings: (Record<string, unknown> & { revenue_usd: number | null }) | null;
} {
  const e = voyageEmissions(row);
  const fuel = roundMetric(e.fuel_t, 3);
  const emissions = {
    voyage_id: row.voyage_id,
    imo: row.imo,
    arrived_at: row.arrived_at.toISOString(),
    fuel_type: row.fuel_type,
    distance_nm: row.distance_nm,
    hours_at_sea: row.hours_at_sea,
    avg_speed_kn: e.avg_speed_kn,
    design_speed_kn: row.design_speed_kn,
    design_fuel_t_day: row.design_fuel_t_day,
    port_days: Math.max(row.port_days, 0),
    dwt: row.dwt,
    cargo_t: row.cargo_t,
    main_fuel_t: roundMetric(e.main_fuel_t, 3),
    aux_fuel_t: roundMetric(e.aux_fuel_t, 3),
    fuel_t: fuel,
    emission_factor: e.emission_factor,
    co2_t: roundMetric(e.co2_t, 3),
    transport_work_tnm: roundMetric(e.transport_work_tnm, 1),
    aer_g_per_dwt_nm: e.aer_g_per_dwt_nm === null ? null : roundMetric(e.aer_g_per_dwt_nm, 4),
    eeoi_g_per_tnm: e.eeoi_g_per_tnm === null ? null : roundMetric(e.eeoi_g_per_tnm, 4),
  };
  if (row.bunker_usd_t === null || !(roundMetric(row.voyage_days, 3) > 0))
    return { emissions, earnings: null };
  const money = voyageEarnings({
    cargo_t: row.cargo_t,
    rate_usd_t: row.rate_usd_t,
    fuel_t: fuel,
    bunker_usd_t: row.bunker_usd_t,
    gt: row.gt,
    dues_usd_per_gt: row.dues_usd_per_gt,
    handling_usd_per_t: row.handling_usd_per_t,
    voyage_days: row.voyage_days,
  });
  return {
    emissions,
    earnings: {
      voyage_id: row.voyage_id,
      imo: row.imo,
      arrived_at: row.arrived_at.toISOString(),
      route_code: row.route_code,
      freight_rate_id: row.rate_usd_t === null ? null : row.freight_rate_id,
      freight_rate_usd_t: row.rate_usd_t,
      cargo_t: row.cargo_t,
      fuel_type: row.fuel_type,
      fuel_t: fuel,
      bunker_price_usd_t: row.bunker_usd_t,
      gt: row.gt,
      ...money,
    },
  };
}
