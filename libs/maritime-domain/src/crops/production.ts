import { roundTo } from '../insurance/rounding';

/** yield = baseline·(1 + 1.5·mean deviation), the multiplier clamped to [0.5, 1.5]. */
export const YIELD_DEVIATION_ELASTICITY = 1.5;
export const YIELD_CLAMP = 0.5;

/**
 * Yield in t/ha from the mean in-season NDVI deviation (in percent); with no deviation observed
 * the baseline yield stands. Not rounded.
 */
export function yieldEstimate(baselineYieldTHa: number, meanDeviationPct: number | null): number {
  const deviation = (meanDeviationPct ?? 0) / 100;
  const factor = Math.min(
    1 + YIELD_CLAMP,
    Math.max(1 - YIELD_CLAMP, 1 + YIELD_DEVIATION_ELASTICITY * deviation),
  );
  return baselineYieldTHa * factor;
}

export function meanOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

export interface ProductionInputs {
  baselineYieldTHa: number;
  harvestedAreaHa: number;
  /** Share of production exported, 0..1. */
  exportShare: number;
  /** Export ports and their share of the exports, 0..1. */
  ports: readonly { port: string; share: number }[];
  /** deviation_pct of each in-season composite observed so far (with a baseline). */
  deviationsPct: readonly number[];
  /** Composites of the calendar that fall in the season. */
  expectedComposites: number;
}

export interface ProductionEstimate {
  mean_deviation_pct: number | null;
  yield_t_ha: number;
  baseline_yield_t_ha: number;
  production_mt: number;
  baseline_production_mt: number;
  change_pct: number;
  export_estimate_mt: number;
  port_exports: { port: string; share_pct: number; estimate_mt: number }[];
  composites_observed: number;
  composites_expected: number;
  confidence: number;
}

/**
 * production_mt = yield·area/1e6 (million tonnes); exports = production·export_share, split by
 * port share; confidence = composites observed / composites in the season (at most 1). Every
 * output is rounded from unrounded intermediates: Mt and t/ha to 3 decimals, percentages to 2,
 * confidence to 4.
 */
export function estimateProduction(inputs: ProductionInputs): ProductionEstimate {
  const meanDeviation = meanOf(inputs.deviationsPct);
  const yieldTHa = yieldEstimate(inputs.baselineYieldTHa, meanDeviation);
  const production = (yieldTHa * inputs.harvestedAreaHa) / 1e6;
  const baseline = (inputs.baselineYieldTHa * inputs.harvestedAreaHa) / 1e6;
  const exports = production * inputs.exportShare;
  const observed = inputs.deviationsPct.length;
  const expected = inputs.expectedComposites;
  return {
    mean_deviation_pct: meanDeviation === null ? null : roundTo(meanDeviation, 2),
    yield_t_ha: roundTo(yieldTHa, 3),
    baseline_yield_t_ha: inputs.baselineYieldTHa,
    production_mt: roundTo(production, 3),
    baseline_production_mt: roundTo(baseline, 3),
    change_pct: baseline > 0 ? roundTo((100 * (production - baseline)) / baseline, 2) : 0,
    export_estimate_mt: roundTo(exports, 3),
    port_exports: inputs.ports.map((p) => ({
      port: p.port,
      share_pct: roundTo(100 * p.share, 2),
      estimate_mt: roundTo(exports * p.share, 3),
    })),
    composites_observed: observed,
    composites_expected: expected,
    confidence: expected > 0 ? roundTo(Math.min(1, observed / expected), 4) : 0,
  };
}
