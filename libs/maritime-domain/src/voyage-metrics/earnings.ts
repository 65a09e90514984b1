/**
 * Time-charter equivalent of a voyage: what it earned per day after the voyage costs.
 * tce = (revenue - bunker - port costs) / voyage days, where revenue = cargo_t x the index rate
 * (USD per tonne), bunker = fuel_t x the fuel's price, port costs = gt x dues per GT + cargo_t x
 * handling per tonne. Without an index rate there is no revenue and no TCE.
 */
import { roundMetric } from './emissions';

export interface VoyageEarningsInput {
  cargo_t: number | null;
  /** The index rate in USD per tonne, or null when the lane has none. */
  rate_usd_t: number | null;
  fuel_t: number;
  bunker_usd_t: number;
  gt: number | null;
  dues_usd_per_gt: number;
  handling_usd_per_t: number;
  voyage_days: number;
}

export interface VoyageEarnings {
  revenue_usd: number | null;
  bunker_cost_usd: number;
  port_dues_usd: number;
  handling_usd: number;
  port_costs_usd: number;
  voyage_days: number;
  tce_usd_day: number | null;
}

/**
 * Amounts are rounded to cents and the days to 3 decimals before the TCE is formed, so the TCE
 * recomputes exactly from the rounded figures a response shows.
 */
export function voyageEarnings(input: VoyageEarningsInput): VoyageEarnings {
  if (!(input.voyage_days > 0)) throw new RangeError('voyage_days must be above 0');
  const cargo = input.cargo_t ?? 0;
  const revenue = input.rate_usd_t === null ? null : roundMetric(cargo * input.rate_usd_t, 2);
  const bunker = roundMetric(input.fuel_t * input.bunker_usd_t, 2);
  const dues = roundMetric((input.gt ?? 0) * input.dues_usd_per_gt, 2);
  const handling = roundMetric(cargo * input.handling_usd_per_t, 2);
  const port = roundMetric(dues + handling, 2);
  const days = roundMetric(input.voyage_days, 3);
  return {
    revenue_usd: revenue,
    bunker_cost_usd: bunker,
    port_dues_usd: dues,
    handling_usd: handling,
    port_costs_usd: port,
    voyage_days: days,
    tce_usd_day: revenue === null ? null : roundMetric((revenue - bunker - port) / days, 2),
  };
}
