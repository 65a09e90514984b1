/** Which flag a vessel flies, by behaviour, target tier and type. */
import type { Rng } from '../prng';
import type { FlagCategory } from '../reference/flags';
import type { BehaviourProfile, RiskTier, VesselType } from '../types';

const BY_CATEGORY: Readonly<Record<FlagCategory, readonly (readonly [string, number])[]>> = {
  open_registry: [
    ['PA', 30],
    ['LR', 26],
    ['MH', 22],
    ['MT', 10],
    ['BS', 5],
    ['CY', 4],
    ['AG', 2],
    ['VC', 1],
    ['BZ', 0.5],
    ['BB', 0.5],
    ['BM', 1],
  ],
  standard: [
    ['GR', 20],
    ['CN', 18],
    ['HK', 16],
    ['SG', 16],
    ['JP', 6],
    ['KR', 5],
    ['NO', 4],
    ['DK', 3],
    ['GB', 3],
    ['DE', 2],
    ['NL', 2],
    ['IT', 2],
    ['US', 2],
    ['IN', 2],
    ['TR', 2],
    ['TW', 1],
    ['MY', 1],
    ['ID', 1],
    ['VN', 1],
    ['AE', 1],
    ['RU', 1],
  ],
  high_risk: [
    ['CM', 20],
    ['TG', 15],
    ['KM', 15],
    ['SL', 12],
    ['GA', 10],
    ['CK', 8],
    ['PW', 8],
    ['TZ', 5],
    ['MD', 4],
    ['KN', 3],
  ],
  sanctioned: [
    ['IR', 60],
    ['SY', 25],
    ['KP', 15],
  ],
};

const FISHING_FLAGS: readonly (readonly [string, number])[] = [
  ['CN', 30],
  ['KR', 15],
  ['TW', 12],
  ['JP', 10],
  ['ES', 10],
  ['RU', 8],
  ['PA', 8],
  ['VC', 4],
  ['BZ', 3],
];
const PASSENGER_FLAGS: readonly (readonly [string, number])[] = [
  ['BS', 35],
  ['MT', 25],
  ['PA', 15],
  ['IT', 12],
  ['BM', 8],
  ['GR', 5],
];
const SERVICE_FLAGS: readonly (readonly [string, number])[] = [
  ['NL', 15],
  ['SG', 15],
  ['NO', 15],
  ['GB', 12],
  ['US', 12],
  ['MY', 10],
  ['AE', 8],
  ['PA', 8],
  ['VC', 5],
];

function categoryWeights(
  profile: BehaviourProfile,
  tier: RiskTier,
): readonly (readonly [FlagCategory, number])[] {
  if (profile === 'dark')
    return [
      ['high_risk', 0.6],
      ['open_registry', 0.28],
      ['sanctioned', 0.12],
    ];
  if (profile === 'grey')
    return [
      ['open_registry', 0.55],
      ['high_risk', 0.4],
      ['standard', 0.05],
    ];
  if (tier === 'medium')
    return [
      ['open_registry', 0.6],
      ['high_risk', 0.25],
      ['standard', 0.15],
    ];
  return [
    ['open_registry', 0.58],
    ['standard', 0.42],
  ];
}

export function chooseFlag(
  rng: Rng,
  profile: BehaviourProfile,
  tier: RiskTier,
  type: VesselType,
): string {
  if (profile === 'clean' && tier === 'low') {
    if (type === 'fishing') return rng.weighted(FISHING_FLAGS);
    if (type === 'passenger') return rng.weighted(PASSENGER_FLAGS);
    if (type === 'service' || type === 'other') return rng.weighted(SERVICE_FLAGS);
  }
  const category = rng.weighted(categoryWeights(profile, tier));
  return rng.weighted(BY_CATEGORY[category]);
}

/** A different flag of a riskier or looser registry, for a re-flagging in the vessel's past. */
export function formerFlag(rng: Rng, current: string): string {
  for (;;) {
    const category = rng.weighted<FlagCategory>([
      ['open_registry', 0.6],
      ['standard', 0.3],
      ['high_risk', 0.1],
    ]);
    const flag = rng.weighted(BY_CATEGORY[category]);
    if (flag !== current) return flag;
  }
}
