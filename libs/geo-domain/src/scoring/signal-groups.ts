/**
 * The eight signal groups in their fixed order (the order of the score columns, of the similarity
 * vector and of every per-group loop), with their composite weights
 * (see docs/geo-scoring/scoring-engine.md#signals-composite-confidence).
 */

export const SIGNAL_GROUPS = [
  'business_vitality',
  'population_momentum',
  'demographics',
  'economic_strength',
  'development_pipeline',
  'accessibility',
  'safety_environment',
  'amenity_demand',
] as const;

export type SignalGroup = (typeof SIGNAL_GROUPS)[number];

/**
 * One value per group; null = the group does not apply to the cell
 * (see docs/geo-scoring/scoring-engine.md#raw-features).
 */
export type SignalVector = Readonly<Record<SignalGroup, number | null>>;

/**
 * Weights in hundredths. Integers keep Σ weights exact (0.15 + 0.10 + … in binary is not 1);
 * `SIGNAL_WEIGHTS` is the decimal view used in the fingerprint and in documentation.
 */
export const SIGNAL_WEIGHT_HUNDREDTHS: Readonly<Record<SignalGroup, number>> = {
  business_vitality: 15,
  population_momentum: 10,
  demographics: 10,
  economic_strength: 15,
  development_pipeline: 15,
  accessibility: 10,
  safety_environment: 15,
  amenity_demand: 10,
};

export const SIGNAL_WEIGHTS: Readonly<Record<SignalGroup, number>> = {
  business_vitality: 0.15,
  population_momentum: 0.1,
  demographics: 0.1,
  economic_strength: 0.15,
  development_pipeline: 0.15,
  accessibility: 0.1,
  safety_environment: 0.15,
  amenity_demand: 0.1,
};

export function isSignalGroup(name: string): name is SignalGroup {
  return (SIGNAL_GROUPS as readonly string[]).includes(name);
}

/** Builds a vector from a per-group function, in column order. */
export function mapSignalGroups(
  fn: (group: SignalGroup) => number | null,
): Record<SignalGroup, number | null> {
  const out = {} as Record<SignalGroup, number | null>;
  for (const group of SIGNAL_GROUPS) {
    out[group] = fn(group);
  }
  return out;
}
