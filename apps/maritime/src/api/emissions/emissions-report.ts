import {
  annualAer,
  AUX_FUEL_SHARE,
  CII_BANDS,
  EMISSION_FACTORS,
  rateCii,
  roundMetric,
} from '@platform/maritime-domain';
import type { VesselYearRow } from './emissions.repository';

/** How the report's figures were made; returned with every report. */
export const EMISSIONS_METHODOLOGY = {
  version: 'emissions-v1',
  scope: 'completed voyages that arrived in the calendar year (UTC)',
  main_fuel_t: 'design_fuel_t_day x (avg_speed_kn / design_speed_kn)^3 x days_at_sea',
  aux_fuel_t: `${AUX_FUEL_SHARE} x design_fuel_t_day x (days_at_sea + days of the arrival port call)`,
  co2_t: 'fuel_t x Cf of the fuel',
  co2_factors: EMISSION_FACTORS,
  transport_work_tnm: 'cargo_t x distance_nm of laden voyages',
  aer: 'grams CO2 / (dwt x distance_nm) over the year',
  cii: {
    ratio: 'the vessel’s annual AER / the median annual AER of vessels of the same type that year',
    reference: 'the median of this fleet, not the regulatory reference line',
    bands: CII_BANDS.map((b) => ({ rating: b.rating, max_ratio: b.max })),
    above_last_band: 'E',
  },
} as const;

export interface EmissionsReportRow {
  imo_number: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  dwt: number | null;
  voyages: number;
  distance_nm: number;
  hours_at_sea: number;
  fuel_t_by_type: Record<string, number>;
  co2_t: number;
  transport_work_tnm: number;
  aer: number | null;
  cii_ratio: number | null;
  cii_rating: string | null;
}

/**
 * One row per vessel with voyages that year, rated against the whole year's fleet (the medians
 * are taken before any filter), then filtered, in IMO order.
 */
export function reportRows(
  fleet: readonly VesselYearRow[],
  filter: { imo?: string; vesselType?: string },
): EmissionsReportRow[] {
  const aers = new Map(fleet.map((v) => [v.imo, annualAer(v.co2_t, v.dwt, v.distance_nm)]));
  const ratings = rateCii(
    fleet.map((v) => ({ key: v.imo, vessel_type: v.vessel_type, aer: aers.get(v.imo) ?? null })),
  );
  return fleet
    .filter((v) => filter.imo === undefined || v.imo === filter.imo)
    .filter((v) => filter.vesselType === undefined || v.vessel_type === filter.vesselType)
    .map((v) => {
      const aer = aers.get(v.imo) ?? null;
      const cii = ratings.get(v.imo);
      const fuel: Record<string, number> = {};
      const burnt = { HFO: v.fuel_hfo, VLSFO: v.fuel_vlsfo, MGO: v.fuel_mgo, LNG: v.fuel_lng };
      for (const [type, tonnes] of Object.entries(burnt))
        if (tonnes > 0) fuel[type] = roundMetric(tonnes, 3);
      return {
        imo_number: v.imo,
        name: v.name,
        vessel_type: v.vessel_type,
        flag: v.flag,
        dwt: v.dwt,
        voyages: v.voyages,
        distance_nm: roundMetric(v.distance_nm, 1),
        hours_at_sea: roundMetric(v.hours_at_sea, 2),
        fuel_t_by_type: fuel,
        co2_t: roundMetric(v.co2_t, 3),
        transport_work_tnm: roundMetric(v.transport_work_tnm, 1),
        aer: aer === null ? null : roundMetric(aer, 4),
        cii_ratio: cii?.ratio == null ? null : roundMetric(cii.ratio, 4),
        cii_rating: cii?.rating ?? null,
      };
    });
}

const CSV_COLUMNS = [
  'imo_number',
  'name',
  'vessel_type',
  'flag',
  'dwt',
  'voyages',
  'distance_nm',
  'hours_at_sea',
  'fuel_t_hfo',
  'fuel_t_vlsfo',
  'fuel_t_mgo',
  'fuel_t_lng',
  'co2_t',
  'transport_work_tnm',
  'aer',
  'cii_ratio',
  'cii_rating',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV: a header line, then one line per vessel, CRLF line ends. */
export function reportCsv(rows: readonly EmissionsReportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const flat: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      ...row,
      fuel_t_hfo: row.fuel_t_by_type.HFO ?? 0,
      fuel_t_vlsfo: row.fuel_t_by_type.VLSFO ?? 0,
      fuel_t_mgo: row.fuel_t_by_type.MGO ?? 0,
      fuel_t_lng: row.fuel_t_by_type.LNG ?? 0,
    };
    lines.push(CSV_COLUMNS.map((c) => csvField(flat[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
