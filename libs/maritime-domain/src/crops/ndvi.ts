import { roundTo } from '../insurance/rounding';

/** The crops of the monitored regions (commodity slugs). */
export const CROPS = ['corn', 'soybeans', 'wheat'] as const;

export type Crop = (typeof CROPS)[number];

export const NDVI_HEALTH_NAMES = ['excellent', 'good', 'fair', 'poor', 'critical'] as const;

export type NdviHealth = (typeof NDVI_HEALTH_NAMES)[number];

/** Health by NDVI deviation from its baseline, best first: each band's inclusive lower bound. */
export const NDVI_HEALTH_BANDS: readonly { health: NdviHealth; min: number | null }[] = [
  { health: 'excellent', min: 10 },
  { health: 'good', min: 0 },
  { health: 'fair', min: -10 },
  { health: 'poor', min: -20 },
  { health: 'critical', min: null },
];

/**
 * deviation_pct = 100·(ndvi − baseline)/baseline, to 2 decimals; null without a usable baseline
 * (none yet, or not positive: a ratio against bare ground or water means nothing).
 */
export function ndviDeviationPct(ndvi: number, baseline: number | null): number | null {
  if (baseline === null || !(baseline > 0)) return null;
  return roundTo((100 * (ndvi - baseline)) / baseline, 2);
}

/** excellent ≥ 10 · good ≥ 0 · fair ≥ −10 · poor ≥ −20 · critical below; null stays null. */
export function ndviHealth(deviationPct: number | null): NdviHealth | null {
  if (deviationPct === null) return null;
  for (const band of NDVI_HEALTH_BANDS)
    if (band.min === null || deviationPct >= band.min) return band.health;
  return 'critical';
}
