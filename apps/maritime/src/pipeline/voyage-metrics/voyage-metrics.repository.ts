import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Everything one completed voyage's metrics need, read in one statement. */
export interface VoyageMetricsInputRow {
  voyage_id: string;
  imo: string;
  departed_at: Date;
  arrived_at: Date;
  distance_nm: number;
  hours_at_sea: number;
  laden: boolean | null;
  cargo_t: number | null;
  dwt: number | null;
  gt: number | null;
  design_speed_kn: number;
  design_fuel_t_day: number;
  fuel_type: 'HFO' | 'VLSFO' | 'MGO' | 'LNG';
  route_code: string;
  dues_usd_per_gt: number;
  handling_usd_per_t: number;
  /** The arrival call's stay in days (0 while it is open or when there is no call). */
  port_days: number;
  /** From departure until the arrival call ended (or until arrival while it is open). */
  voyage_days: number;
  freight_rate_id: string | null;
  rate_usd_t: number | null;
  bunker_usd_t: number | null;
}

/** Which completed voyages to compute. */
export type VoyageTarget = { kind: 'pending' } | { kind: 'all' } | { kind: 'ids'; ids: string[] };

/**
 * `pending`: voyages without emissions, without earnings although their fuel now has a price,
 * or whose arrival call has closed since they were computed with no port time.
 */
const TARGET_SQL: Record<VoyageTarget['kind'], string> = {
  pending: `(e.voyage_id IS NULL
             OR (r.voyage_id IS NULL AND coalesce(bp_before.usd_per_t, bp_after.usd_per_t) IS NOT NULL)
             OR (e.port_days = 0 AND pc.departed_at IS NOT NULL))`,
  all: 'true',
  ids: 'v.id = ANY($1::bigint[])',
};

@Injectable()
export class VoyageMetricsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Inputs of the target voyages: completed, with time at sea, a distance and the vessel's design
   * point. The rate is the latest `index` assessment in USD per tonne for (vessel type, route) on
   * or before the departure day; the bunker price is the fuel's price on the latest day on or
   * before departure, else the first after it.
   */
  async inputs(target: VoyageTarget): Promise<VoyageMetricsInputRow[]> {
    return (await this.db.query(
      `SELECT v.id::text AS voyage_id, v.imo, v.departed_at, v.arrived_at, v.distance_nm,
         v.hours_at_sea, v.laden, v.cargo_t, s.dwt, s.gt, s.design_speed_kn, s.design_fuel_t_day,
         s.fuel_type, o.unlocode || '-' || d.unlocode AS route_code,
         d.dues_usd_per_gt::float8 AS dues_usd_per_gt,
         d.handling_usd_per_t::float8 AS handling_usd_per_t,
         coalesce(extract(epoch FROM pc.departed_at - pc.arrived_at) / 86400, 0)::float8 AS port_days,
         (extract(epoch FROM coalesce(pc.departed_at, v.arrived_at) - v.departed_at) / 86400)::float8
           AS voyage_days,
         fr.id::text AS freight_rate_id, fr.rate_value::float8 AS rate_usd_t,
         coalesce(bp_before.usd_per_t, bp_after.usd_per_t)::float8 AS bunker_usd_t
       FROM voyages v
       JOIN vessels s ON s.imo = v.imo
       JOIN ports o ON o.id = v.origin_port_id
       JOIN ports d ON d.id = v.dest_port_id
       LEFT JOIN LATERAL (
         SELECT c.arrived_at, c.departed_at FROM port_calls c
         WHERE c.voyage_id = v.id ORDER BY c.arrived_at LIMIT 1) pc ON true
       LEFT JOIN LATERAL (
         SELECT f.id, f.rate_value FROM freight_rates f
         WHERE f.vessel_type = s.vessel_type AND f.route_code = o.unlocode || '-' || d.unlocode
           AND f.source = 'index' AND f.rate_unit = 'usd_per_t'
           AND f.assessed_on <= (v.departed_at AT TIME ZONE 'UTC')::date
         ORDER BY f.assessed_on DESC LIMIT 1) fr ON true
       LEFT JOIN LATERAL (
         SELECT b.usd_per_t FROM bunker_prices b
         WHERE b.fuel_type = s.fuel_type AND b.day <= (v.departed_at AT TIME ZONE 'UTC')::date
         ORDER BY b.day DESC LIMIT 1) bp_before ON true
       LEFT JOIN LATERAL (
         SELECT b.usd_per_t FROM bunker_prices b
         WHERE bp_before.usd_per_t IS NULL AND b.fuel_type = s.fuel_type
           AND b.day > (v.departed_at AT TIME ZONE 'UTC')::date
         ORDER BY b.day LIMIT 1) bp_after ON true
       LEFT JOIN voyage_emissions e ON e.voyage_id = v.id
       LEFT JOIN voyage_earnings r ON r.voyage_id = v.id
       WHERE v.status = 'completed' AND v.hours_at_sea > 0 AND v.distance_nm IS NOT NULL
         AND s.design_speed_kn IS NOT NULL AND s.design_fuel_t_day IS NOT NULL
         AND ${TARGET_SQL[target.kind]}
       ORDER BY v.id`,
      target.kind === 'ids' ? [target.ids] : [],
    )) as VoyageMetricsInputRow[];
  }

  async writeEmissions(rows: readonly object[], manager: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO voyage_emissions (voyage_id, imo, arrived_at, fuel_type, distance_nm,
         hours_at_sea, avg_speed_kn, design_speed_kn, design_fuel_t_day, port_days, dwt, cargo_t,
         main_fuel_t, aux_fuel_t, fuel_t, emission_factor, co2_t, transport_work_tnm,
         aer_g_per_dwt_nm, eeoi_g_per_tnm, computed_at)
       SELECT voyage_id, imo, arrived_at, fuel_type, distance_nm, hours_at_sea, avg_speed_kn,
         design_speed_kn, design_fuel_t_day, port_days, dwt, cargo_t, main_fuel_t, aux_fuel_t,
         fuel_t, emission_factor, co2_t, transport_work_tnm, aer_g_per_dwt_nm, eeoi_g_per_tnm, now()
       FROM jsonb_to_recordset($1::jsonb) AS r (voyage_id bigint, imo text, arrived_at timestamptz,
         fuel_type text, distance_nm float8, hours_at_sea float8, avg_speed_kn float8,
         design_speed_kn float8, design_fuel_t_day float8, port_days float8, dwt int,
         cargo_t float8, main_fuel_t numeric, aux_fuel_t numeric, fuel_t numeric,
         emission_factor numeric, co2_t numeric, transport_work_tnm numeric,
         aer_g_per_dwt_nm numeric, eeoi_g_per_tnm numeric)
       ON CONFLICT (voyage_id) DO UPDATE SET imo = excluded.imo, arrived_at = excluded.arrived_at,
         fuel_type = excluded.fuel_type, distance_nm = excluded.distance_nm,
         hours_at_sea = excluded.hours_at_sea, avg_speed_kn = excluded.avg_speed_kn,
         design_speed_kn = excluded.design_speed_kn,
         design_fuel_t_day = excluded.design_fuel_t_day, port_days = excluded.port_days,
         dwt = excluded.dwt, cargo_t = excluded.cargo_t, main_fuel_t = excluded.main_fuel_t,
         aux_fuel_t = excluded.aux_fuel_t, fuel_t = excluded.fuel_t,
         emission_factor = excluded.emission_factor, co2_t = excluded.co2_t,
         transport_work_tnm = excluded.transport_work_tnm,
         aer_g_per_dwt_nm = excluded.aer_g_per_dwt_nm, eeoi_g_per_tnm = excluded.eeoi_g_per_tnm,
         computed_at = excluded.computed_at`,
      [JSON.stringify(rows)],
    );
  }

  async writeEarnings(rows: readonly object[], manager: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO voyage_earnings (voyage_id, imo, arrived_at, route_code, freight_rate_id,
         freight_rate_usd_t, cargo_t, revenue_usd, fuel_type, fuel_t, bunker_price_usd_t,
         bunker_cost_usd, gt, port_dues_usd, handling_usd, port_costs_usd, voyage_days,
         tce_usd_day, computed_at)
       SELECT voyage_id, imo, arrived_at, route_code, freight_rate_id, freight_rate_usd_t, cargo_t,
         revenue_usd, fuel_type, fuel_t, bunker_price_usd_t, bunker_cost_usd, gt, port_dues_usd,
         handling_usd, port_costs_usd, voyage_days, tce_usd_day, now()
       FROM jsonb_to_recordset($1::jsonb) AS r (voyage_id bigint, imo text, arrived_at timestamptz,
         route_code text, freight_rate_id bigint, freight_rate_usd_t numeric, cargo_t float8,
         revenue_usd numeric, fuel_type text, fuel_t numeric, bunker_price_usd_t numeric,
         bunker_cost_usd numeric, gt int, port_dues_usd numeric, handling_usd numeric,
         port_costs_usd numeric, voyage_days numeric, tce_usd_day numeric)
       ON CONFLICT (voyage_id) DO UPDATE SET imo = excluded.imo, arrived_at = excluded.arrived_at,
         route_code = excluded.route_code, freight_rate_id = excluded.freight_rate_id,
         freight_rate_usd_t = excluded.freight_rate_usd_t, cargo_t = excluded.cargo_t,
         revenue_usd = excluded.revenue_usd, fuel_type = excluded.fuel_type,
         fuel_t = excluded.fuel_t, bunker_price_usd_t = excluded.bunker_price_usd_t,
         bunker_cost_usd = excluded.bunker_cost_usd, gt = excluded.gt,
         port_dues_usd = excluded.port_dues_usd, handling_usd = excluded.handling_usd,
         port_costs_usd = excluded.port_costs_usd, voyage_days = excluded.voyage_days,
         tce_usd_day = excluded.tce_usd_day, computed_at = excluded.computed_at`,
      [JSON.stringify(rows)],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
