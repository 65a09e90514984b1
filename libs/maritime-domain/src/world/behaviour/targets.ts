/**
 * How much suspicious behaviour a vessel shows, by its hidden profile and target risk tier: how
 * many AIS gaps (and how many of them in risk zones), loitering, ship-to-ship transfers,
 * spoofing and false destinations. Counts are exact inside the risk score's windows (the last 90
 * or 180 days) and follow the same rate over the older history.
 */
import type { Rng } from '../prng';
import { DAY_MS } from '../time';
import type { BehaviourProfile, RiskTier } from '../types';

type Range = readonly [number, number];

interface Intensity {
  gaps90: Range;
  /** Probability that a gap is placed in a risk zone. */
  zoneShare: number;
  gapHours: Range;
  loiters90: Range;
  loiterHours: Range;
  sts180: Range;
  spoofs90: Range;
  lieProbability: number;
  /** Probability of one benign gap in the last 90 days (clean fleets' coverage holes). */
  benignGap: number;
  unplannedPerYear: number;
}

const INTENSITY: Readonly<Record<string, Intensity>> = {
  'clean/low': {
    gaps90: [0, 0],
    zoneShare: 0,
    gapHours: [6.5, 10],
    loiters90: [0, 0],
    loiterHours: [0, 0],
    sts180: [0, 0],
    spoofs90: [0, 0],
    lieProbability: 0.02,
    benignGap: 0.1,
    unplannedPerYear: 0.15,
  },
  'clean/medium': {
    gaps90: [1, 3],
    zoneShare: 0,
    gapHours: [8, 22],
    loiters90: [0, 1],
    loiterHours: [6, 14],
    sts180: [0, 0],
    spoofs90: [0, 0],
    lieProbability: 0.05,
    benignGap: 0,
    unplannedPerYear: 0.4,
  },
  'grey/medium': {
    gaps90: [2, 3],
    zoneShare: 0.3,
    gapHours: [8, 24],
    loiters90: [0, 1],
    loiterHours: [8, 20],
    sts180: [0, 1],
    spoofs90: [0, 1],
    lieProbability: 0.1,
    benignGap: 0,
    unplannedPerYear: 0.4,
  },
  'grey/high': {
    gaps90: [3, 5],
    zoneShare: 0.4,
    gapHours: [10, 36],
    loiters90: [1, 2],
    loiterHours: [12, 30],
    sts180: [1, 2],
    spoofs90: [0, 1],
    lieProbability: 0.2,
    benignGap: 0,
    unplannedPerYear: 0.4,
  },
  'grey/critical': {
    gaps90: [2, 3],
    zoneShare: 0.3,
    gapHours: [8, 24],
    loiters90: [0, 1],
    loiterHours: [8, 20],
    sts180: [0, 1],
    spoofs90: [0, 1],
    lieProbability: 0.15,
    benignGap: 0,
    unplannedPerYear: 0.4,
  },
  'dark/high': {
    gaps90: [4, 6],
    zoneShare: 0.4,
    gapHours: [12, 60],
    loiters90: [1, 2],
    loiterHours: [12, 36],
    sts180: [2, 3],
    spoofs90: [0, 1],
    lieProbability: 0.3,
    benignGap: 0,
    unplannedPerYear: 0.5,
  },
  'dark/critical': {
    gaps90: [5, 8],
    zoneShare: 0.5,
    gapHours: [20, 100],
    loiters90: [2, 3],
    loiterHours: [20, 40],
    sts180: [2, 4],
    spoofs90: [1, 2],
    lieProbability: 0.4,
    benignGap: 0,
    unplannedPerYear: 0.5,
  },
};

export interface TimedTarget {
  at: number;
  hours: number;
  inZone: boolean;
}

export interface BehaviourPlan {
  sts: TimedTarget[];
  loiters: TimedTarget[];
  unplanned: TimedTarget[];
  gaps: TimedTarget[];
  spoofs: TimedTarget[];
  lieProbability: number;
  /** Whether the vessel's last gap is still open at asOf. */
  openGapAtEnd: boolean;
}

export interface PlanWindow {
  historyStartMs: number;
  asOfMs: number;
}

function intensityOf(profile: BehaviourProfile, tier: RiskTier): Intensity {
  const intensity =
    INTENSITY[`${profile}/${tier}`] ?? INTENSITY[`${profile}/medium`] ?? INTENSITY['clean/low'];
  return intensity as Intensity;
}

/** `count` instants in [fromMs, toMs) plus the same rate's Poisson draw over the older history. */
function timed(
  rng: Rng,
  count: number,
  windowDays: number,
  window: PlanWindow,
  hours: Range,
  zoneShare: number,
  endMarginDays = 1,
): TimedTarget[] {
  const targets: TimedTarget[] = [];
  const recentFrom = window.asOfMs - windowDays * DAY_MS;
  const recentTo = window.asOfMs - endMarginDays * DAY_MS;
  const make = (at: number): TimedTarget => ({
    at,
    hours: rng.float(hours[0], hours[1]),
    inZone: rng.chance(zoneShare),
  });
  for (let i = 0; i < count; i += 1) targets.push(make(rng.float(recentFrom, recentTo)));
  const olderDays = Math.max(0, (recentFrom - window.historyStartMs) / DAY_MS);
  const olderCount = rng.poisson((count / windowDays) * olderDays);
  for (let i = 0; i < olderCount; i += 1)
    targets.push(make(rng.float(window.historyStartMs, recentFrom)));
  return targets.sort((a, b) => a.at - b.at);
}

export function planBehaviour(
  rng: Rng,
  profile: BehaviourProfile,
  tier: RiskTier,
  window: PlanWindow,
): BehaviourPlan {
  const intensity = intensityOf(profile, tier);
  const count = (range: Range): number => rng.int(range[0], range[1]);
  const gapCount = count(intensity.gaps90) + (rng.chance(intensity.benignGap) ? 1 : 0);
  const historyYears = (window.asOfMs - window.historyStartMs) / (365 * DAY_MS);
  const unplannedCount = rng.poisson(intensity.unplannedPerYear * historyYears);
  return {
    sts: timed(rng, count(intensity.sts180), 180, window, [8, 30], 1, 2),
    loiters: timed(
      rng,
      count(intensity.loiters90),
      90,
      window,
      intensity.loiterHours,
      intensity.zoneShare,
      2,
    ),
    unplanned: Array.from({ length: unplannedCount }, () => ({
      at: rng.float(window.historyStartMs, window.asOfMs - 2 * DAY_MS),
      hours: rng.float(12, 36),
      inZone: false,
    })).sort((a, b) => a.at - b.at),
    gaps: timed(rng, gapCount, 90, window, intensity.gapHours, intensity.zoneShare, 0.5),
    spoofs: timed(rng, count(intensity.spoofs90), 90, window, [0.25, 2], 0, 0.5),
    lieProbability: intensity.lieProbability,
    openGapAtEnd: profile === 'dark' && rng.chance(0.35),
  };
}
