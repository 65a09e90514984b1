import {
  compositeDaysBetween,
  estimateProduction,
  meanDeviation,
  ndviDeviationPct,
  ndviHealth,
  roundTo,
  seasonOfDay,
  seasonSpan,
  yieldEstimate,
  type SeasonWindow,
} from '@platform/maritime-domain';
import type { NdviRow, RegionRow } from './satellite.repository';

export function seasonWindow(region: RegionRow): SeasonWindow {
  return { startDoy: region.season_start_doy, endDoy: region.season_end_doy };
}

export function ndviView(row: NdviRow): Record<string, unknown> {
  const deviation = ndviDeviationPct(row.ndvi, row.baseline_ndvi);
  return {
    observed_on: row.observed_on,
    ndvi: row.ndvi,
    baseline_ndvi: row.baseline_ndvi,
    deviation_pct: deviation,
    health: ndviHealth(deviation),
  };
}

export function regionView(
  region: RegionRow,
  latest: NdviRow | undefined,
): Record<string, unknown> {
  return {
    slug: region.slug,
    name: region.name,
    country: region.country,
    crop: region.crop,
    lat: region.lat,
    lon: region.lon,
    harvested_area_ha: region.harvested_area_ha,
    baseline_yield_t_ha: region.baseline_yield_t_ha,
    season: { start_doy: region.season_start_doy, end_doy: region.season_end_doy },
    export_share: region.export_share,
    export_ports: region.export_ports.map((p) => ({
      port: p.port,
      port_name: p.port_name,
      share_pct: roundTo(100 * p.share, 2),
    })),
    latest: latest === undefined ? null : ndviView(latest),
  };
}

export interface HealthRecord {
  region: string;
  observed_on: string;
  ndvi: number;
  baseline_ndvi: number | null;
  deviation_pct: number | null;
  health: string | null;
  season: number | null;
  yield_estimate_t_ha: number | null;
}

/**
 * Health records of one region's composites (given oldest first). yield_estimate_t_ha is the
 * season-to-date estimate: the production yield formula over the deviations of this season's
 * composites up to and including this one; null between seasons.
 */
export function healthRecords(region: RegionRow, rows: readonly NdviRow[]): HealthRecord[] {
  const window = seasonWindow(region);
  const seasonDeviations = new Map<number, number[]>();
  return rows.map((row) => {
    const deviation = ndviDeviationPct(row.ndvi, row.baseline_ndvi);
    const season = seasonOfDay(row.observed_on, window);
    let estimate: number | null = null;
    if (season !== null) {
      const deviations = seasonDeviations.get(season) ?? [];
      if (deviation !== null) deviations.push(deviation);
      seasonDeviations.set(season, deviations);
      estimate = roundTo(yieldEstimate(region.baseline_yield_t_ha, meanDeviation(deviations)), 3);
    }
    return {
      region: region.slug,
      observed_on: row.observed_on,
      ndvi: row.ndvi,
      baseline_ndvi: row.baseline_ndvi,
      deviation_pct: deviation,
      health: ndviHealth(deviation),
      season,
      yield_estimate_t_ha: estimate,
    };
  });
}

/**
 * One region's production estimate for the season ending in `season`, from its composites
 * observed up to `today` (rows may hold more; those outside the season are ignored).
 */
export function productionRecord(
  region: RegionRow,
  season: number,
  rows: readonly NdviRow[],
  today: string,
): Record<string, unknown> {
  const span = seasonSpan(season, seasonWindow(region));
  const deviations = rows
    .filter(
      (r) => r.observed_on >= span.start && r.observed_on <= span.end && r.observed_on <= today,
    )
    .flatMap((r) => ndviDeviationPct(r.ndvi, r.baseline_ndvi) ?? []);
  const estimate = estimateProduction({
    baselineYieldTHa: region.baseline_yield_t_ha,
    harvestedAreaHa: region.harvested_area_ha,
    exportShare: region.export_share,
    ports: region.export_ports.map((p) => ({ port: p.port, share: p.share })),
    deviationsPct: deviations,
    expectedComposites: compositeDaysBetween(span.start, span.end).length,
  });
  return {
    region: region.slug,
    crop: region.crop,
    season,
    season_start: span.start,
    season_end: span.end,
    status: span.start > today ? 'not_started' : span.end < today ? 'complete' : 'in_progress',
    production_mt: estimate.production_mt,
    baseline_production_mt: estimate.baseline_production_mt,
    change_pct: estimate.change_pct,
    export_estimate_mt: estimate.export_estimate_mt,
    port_exports: estimate.port_exports,
    confidence: estimate.confidence,
    yield_t_ha: estimate.yield_t_ha,
    baseline_yield_t_ha: estimate.baseline_yield_t_ha,
    harvested_area_ha: region.harvested_area_ha,
    export_share: region.export_share,
    mean_deviation_pct: estimate.mean_deviation_pct,
    composites_observed: estimate.composites_observed,
    composites_expected: estimate.composites_expected,
  };
}
