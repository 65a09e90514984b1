/** Declared-destination reliability: how often a vessel's AIS destination named where it went. */
export type ReliabilityTier = 'reliable' | 'moderate' | 'unreliable';

/** Vessels with fewer completed voyages in the 365-day window are not rated. */
export const RELIABILITY_MIN_VOYAGES = 3;

/** 100·matched/voyages, rounded to 2 decimals. */
export function reliabilityPct(matched: number, voyages: number): number {
  if (voyages <= 0) return 0;
  return Math.round(((100 * matched) / voyages) * 100) / 100;
}

/** reliable ≥ 80 · moderate ≥ 50 · unreliable below. */
export function reliabilityTier(pct: number): ReliabilityTier {
  if (pct >= 80) return 'reliable';
  if (pct >= 50) return 'moderate';
  return 'unreliable';
}
