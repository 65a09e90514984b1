/**
 * A vessel's record outside its movements: P&I cover, port-state-control history, sanctions
 * exposure and earlier dark-fleet alerts, drawn from the stream `registry:<index>` by behaviour
 * and target tier. The risk calibration may then move these knobs a step at a time.
 */
import type { Rng } from '../prng';
import { PI_CLUBS } from '../reference/pi-clubs';
import type { RiskTier, Vessel } from '../types';

/** P&I cover levels in increasing risk; the score reads 0, 50, 70, 90 and 100 for them. */
export const PI_LEVELS = ['ig', 'non_ig_medium', 'non_ig_high', 'lapsed', 'none'] as const;
export type PiLevel = (typeof PI_LEVELS)[number];

/** Sanctions exposure levels in increasing strength. */
export const SANCTIONS_LEVELS = ['none', 'company', 'name', 'mmsi', 'imo'] as const;
export type SanctionsLevel = (typeof SANCTIONS_LEVELS)[number];

export interface RegistryPlan {
  pi: PiLevel;
  /** Index into PI_CLUBS of the club of the current (or last) cover. */
  club: number;
  /** Detentions within the last 36 months. */
  detentions: number;
  sanctions: SanctionsLevel;
  /** Critical dark-fleet alerts raised 90 days to 24 months ago. */
  priorAlerts: number;
  /** Stateless seed of the cover history's details (earlier clubs), so knobs can redraw it. */
  historyKey: number;
}

const IG_CLUBS = PI_CLUBS.map((c, i) => ({ c, i }))
  .filter((x) => x.c.igMember)
  .map((x) => x.i);
const clubsOfTier = (tier: 'medium' | 'high'): number[] =>
  PI_CLUBS.map((c, i) => ({ c, i }))
    .filter((x) => !x.c.igMember && x.c.riskTier === tier)
    .map((x) => x.i);

type Weights<T> = readonly (readonly [T, number])[];

const PI_WEIGHTS: Readonly<Record<string, Weights<PiLevel>>> = {
  'clean/low': [
    ['ig', 0.95],
    ['non_ig_medium', 0.05],
  ],
  'clean/medium': [
    ['ig', 0.45],
    ['non_ig_medium', 0.3],
    ['non_ig_high', 0.15],
    ['lapsed', 0.1],
  ],
  'grey/medium': [
    ['ig', 0.3],
    ['non_ig_medium', 0.35],
    ['non_ig_high', 0.25],
    ['lapsed', 0.1],
  ],
  'grey/high': [
    ['non_ig_medium', 0.25],
    ['non_ig_high', 0.4],
    ['lapsed', 0.2],
    ['none', 0.15],
  ],
  'grey/critical': [
    ['non_ig_high', 0.5],
    ['lapsed', 0.3],
    ['none', 0.2],
  ],
  'dark/high': [
    ['non_ig_high', 0.3],
    ['lapsed', 0.3],
    ['none', 0.4],
  ],
  'dark/critical': [
    ['lapsed', 0.3],
    ['none', 0.7],
  ],
};

const SANCTIONS_WEIGHTS: Readonly<Record<string, Weights<SanctionsLevel>>> = {
  'grey/medium': [
    ['none', 0.75],
    ['company', 0.25],
  ],
  'grey/high': [
    ['none', 0.4],
    ['company', 0.4],
    ['name', 0.2],
  ],
  'grey/critical': [
    ['imo', 0.5],
    ['mmsi', 0.5],
  ],
  'dark/high': [
    ['none', 0.3],
    ['company', 0.4],
    ['name', 0.3],
  ],
  'dark/critical': [
    ['imo', 0.35],
    ['mmsi', 0.25],
    ['name', 0.25],
    ['company', 0.15],
  ],
};

const DETENTIONS: Readonly<Record<string, readonly [number, number]>> = {
  'clean/low': [0, 0],
  'clean/medium': [0, 2],
  'grey/medium': [0, 2],
  'grey/high': [1, 2],
  'grey/critical': [1, 3],
  'dark/high': [1, 3],
  'dark/critical': [2, 4],
};

export function clubFor(rng: Rng, level: PiLevel): number {
  if (level === 'ig') return rng.pick(IG_CLUBS);
  if (level === 'non_ig_medium') return rng.pick(clubsOfTier('medium'));
  return rng.pick(clubsOfTier('high'));
}

export function planRegistry(rng: Rng, vessel: Vessel, shellOwned: boolean): RegistryPlan {
  const key = `${vessel.profile}/${vessel.targetTier}`;
  const pi = rng.weighted(PI_WEIGHTS[key] ?? PI_WEIGHTS['clean/low'] ?? []);
  let sanctions = rng.weighted(SANCTIONS_WEIGHTS[key] ?? [['none', 1]]);
  // A company listing must only reach this vessel, so it needs a single-ship owner.
  if (sanctions === 'company' && !shellOwned) sanctions = 'name';
  const [lo, hi] = DETENTIONS[key] ?? [0, 0];
  const lowTier: RiskTier[] = ['low', 'medium'];
  const detentions =
    vessel.profile === 'clean' && vessel.targetTier === 'low'
      ? rng.chance(0.03)
        ? 1
        : 0
      : rng.int(lo, hi);
  return {
    pi,
    club: clubFor(
      rng,
      pi === 'lapsed' || pi === 'none' ? (rng.chance(0.5) ? 'ig' : 'non_ig_high') : pi,
    ),
    detentions,
    sanctions,
    priorAlerts:
      vessel.profile === 'dark'
        ? rng.int(0, 1)
        : lowTier.includes(vessel.targetTier)
          ? 0
          : rng.int(0, 1),
    historyKey: rng.nextU32(),
  };
}
