/**
 * Per-voyage fuel and CO2 from the vessel's design point (the propeller law: fuel rises with the
 * cube of speed) and the IMO carbon factors, plus the two carbon-intensity ratios: AER (per
 * deadweight-mile, always defined) and EEOI (per cargo-tonne-mile, undefined in ballast).
 */
import type { FuelType } from '../world/types';

/** Tonnes of CO2 per tonne of fuel burnt (IMO MEPC.308(73) Cf factors). */
export const EMISSION_FACTORS: Readonly<Record<FuelType, number>> = {
  HFO: 3.114,
  VLSFO: 3.151,
  MGO: 3.206,
  LNG: 2.75,
};

export const METRICS_FUEL_TYPES: readonly FuelType[] = ['HFO', 'VLSFO', 'MGO', 'LNG'];

/** Auxiliary engines and boilers burn this share of the design main-engine fuel per day. */
export const AUX_FUEL_SHARE = 0.08;

export interface VoyageEmissionsInput {
  distance_nm: number;
  /** Hours under way; must be above 0. */
  hours_at_sea: number;
  design_speed_kn: number;
  /** Main-engine fuel per day at the design speed. */
  design_fuel_t_day: number;
  /** Days of the arrival port call (anchorage and berth), 0 while it is still open. */
  port_days: number;
  fuel_type: FuelType;
  dwt: number | null;
  /** Cargo carried; null or 0 with `laden` false is a ballast leg. */
  cargo_t: number | null;
  laden: boolean | null;
}

export interface VoyageEmissions {
  days_at_sea: number;
  avg_speed_kn: number;
  main_fuel_t: number;
  aux_fuel_t: number;
  fuel_t: number;
  emission_factor: number;
  co2_t: number;
  /** cargo_t x distance; 0 in ballast. */
  transport_work_tnm: number;
  /** grams CO2 per dwt-nm; null without a dwt or a distance. */
  aer_g_per_dwt_nm: number | null;
  /** grams CO2 per cargo-tonne-nm; null in ballast or without a distance. */
  eeoi_g_per_tnm: number | null;
}

/** True when the voyage carried cargo (laden and a positive tonnage). */
export function isLaden(input: Pick<VoyageEmissionsInput, 'cargo_t' | 'laden'>): boolean {
  return input.laden !== false && input.cargo_t !== null && input.cargo_t > 0;
}

/**
 * main = design_fuel x (v / design_speed)^3 x days at sea, with v = nm / hours;
 * aux = 0.08 x design_fuel x (days at sea + port days); co2 = (main + aux) x Cf.
 */
export function voyageEmissions(input: VoyageEmissionsInput): VoyageEmissions {
  if (!(input.hours_at_sea > 0)) throw new RangeError('hours_at_sea must be above 0');
  if (!(input.design_speed_kn > 0) || !(input.design_fuel_t_day > 0))
    throw new RangeError('the design speed and fuel must be above 0');
  const days = input.hours_at_sea / 24;
  const speed = input.distance_nm / input.hours_at_sea;
  const main = input.design_fuel_t_day * (speed / input.design_speed_kn) ** 3 * days;
  const aux = AUX_FUEL_SHARE * input.design_fuel_t_day * (days + Math.max(input.port_days, 0));
  const factor = EMISSION_FACTORS[input.fuel_type];
  const fuel = main + aux;
  const co2 = fuel * factor;
  const grams = co2 * 1e6;
  const laden = isLaden(input);
  const cargo = laden ? (input.cargo_t as number) : 0;
  const nm = input.distance_nm;
  return {
    days_at_sea: days,
    avg_speed_kn: speed,
    main_fuel_t: main,
    aux_fuel_t: aux,
    fuel_t: fuel,
    emission_factor: factor,
    co2_t: co2,
    transport_work_tnm: cargo * nm,
    aer_g_per_dwt_nm:
      input.dwt !== null && input.dwt > 0 && nm > 0 ? grams / (input.dwt * nm) : null,
    eeoi_g_per_tnm: laden && nm > 0 ? grams / (cargo * nm) : null,
  };
}

/** Rounds half away from zero to `decimals` places (USD 2, tonnes 3, intensities 4). */
export function roundMetric(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale + Number.EPSILON)) / scale;
}
