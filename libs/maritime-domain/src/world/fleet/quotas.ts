/**
 * The fleet's composition as exact quotas, so that every profile size shows the intended type mix,
 * behaviour mix (clean 85 %, grey 11 %, dark 4 %) and risk-tier targets (low 75 %, medium 15 %,
 * high 7 %, critical 3 %) up to rounding. Each slot is then dealt to a vessel index by a shuffle.
 */
import { Rng } from '../prng';
import { VESSEL_TYPES } from '../types';
import type { BehaviourProfile, RiskTier, VesselType } from '../types';

export const TYPE_MIX: Readonly<Record<VesselType, number>> = {
  bulk_carrier: 0.3,
  tanker: 0.2,
  container: 0.18,
  chemical_tanker: 0.08,
  general_cargo: 0.08,
  lng_carrier: 0.04,
  cargo: 0.04,
  fishing: 0.03,
  passenger: 0.02,
  service: 0.02,
  other: 0.01,
};

export const PROFILE_MIX: Readonly<Record<BehaviourProfile, number>> = {
  clean: 0.85,
  grey: 0.11,
  dark: 0.04,
};

export const TIER_MIX: Readonly<Record<RiskTier, number>> = {
  low: 0.75,
  medium: 0.15,
  high: 0.07,
  critical: 0.03,
};

/** Dark vessels are tankers; grey ones lean towards tankers, bulkers and small general traders. */
const DARK_TYPES: Partial<Record<VesselType, number>> = { tanker: 0.75, chemical_tanker: 0.25 };
const GREY_TYPES: Partial<Record<VesselType, number>> = {
  tanker: 0.3,
  bulk_carrier: 0.22,
  chemical_tanker: 0.12,
  general_cargo: 0.12,
  cargo: 0.1,
  fishing: 0.09,
  container: 0.05,
};

export interface FleetSlot {
  profile: BehaviourProfile;
  tier: RiskTier;
  type: VesselType;
}

/** Largest-remainder apportionment of `total` over weighted keys (ties by key order). */
export function apportion<K extends string>(
  weights: Partial<Record<K, number>>,
  total: number,
): Record<K, number> {
  const keys = Object.keys(weights) as K[];
  const sum = keys.reduce((s, k) => s + (weights[k] ?? 0), 0);
  const exact = keys.map((k) => ((weights[k] ?? 0) / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((s, c) => s + c, 0);
  const order = keys
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (exact[b] as number) -
          (counts[b] as number) -
          ((exact[a] as number) - (counts[a] as number)) || a - b,
    );
  for (const i of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] as number) + 1;
    left -= 1;
  }
  const result = {} as Record<K, number>;
  keys.forEach((k, i) => {
    result[k] = counts[i] as number;
  });
  return result;
}

function repeat<T>(value: T, count: number): T[] {
  return Array.from({ length: count }, () => value);
}

/** The fleet's slots, position i being vessel i's profile, target tier and type. */
export function fleetSlots(vesselCount: number, seed: number): FleetSlot[] {
  const rng = Rng.stream(seed, 'fleet-plan');
  const profiles = apportion(PROFILE_MIX, vesselCount);
  const tiers = apportion(TIER_MIX, vesselCount);
  const darkCritical = Math.min(profiles.dark, Math.round((tiers.critical * 2) / 3));
  const darkHigh = profiles.dark - darkCritical;
  const greyCritical = Math.min(profiles.grey, Math.max(0, tiers.critical - darkCritical));
  const greyHigh = Math.min(profiles.grey - greyCritical, Math.max(0, tiers.high - darkHigh));
  const greyMedium = profiles.grey - greyCritical - greyHigh;
  const cleanMedium = Math.min(profiles.clean, Math.max(0, tiers.medium - greyMedium));

  const typeTotals = apportion(TYPE_MIX, vesselCount);
  const darkTypes = apportion(DARK_TYPES, profiles.dark);
  const greyTypes = apportion(GREY_TYPES, profiles.grey);
  const cleanTypes: VesselType[] = [];
  for (const type of VESSEL_TYPES) {
    const left =
      typeTotals[type] -
      (darkTypes[type as keyof typeof darkTypes] ?? 0) -
      (greyTypes[type as keyof typeof greyTypes] ?? 0);
    cleanTypes.push(...repeat(type, Math.max(0, left)));
  }
  while (cleanTypes.length < profiles.clean) cleanTypes.push('bulk_carrier');
  cleanTypes.length = profiles.clean;

  const expand = (counts: Partial<Record<VesselType, number>>): VesselType[] =>
    VESSEL_TYPES.flatMap((type) => repeat(type, counts[type] ?? 0));
  const dark = rng.shuffle(expand(darkTypes));
  const grey = rng.shuffle(expand(greyTypes));
  const clean = rng.shuffle(cleanTypes);

  const slots: FleetSlot[] = [
    ...dark.map((type, i): FleetSlot => ({
      profile: 'dark',
      tier: i < darkCritical ? 'critical' : 'high',
      type,
    })),
    ...grey.map((type, i): FleetSlot => ({
      profile: 'grey',
      tier: i < greyCritical ? 'critical' : i < greyCritical + greyHigh ? 'high' : 'medium',
      type,
    })),
    ...clean.map((type, i): FleetSlot => ({
      profile: 'clean',
      tier: i < cleanMedium ? 'medium' : 'low',
      type,
    })),
  ];
  return rng.shuffle(slots);
}
