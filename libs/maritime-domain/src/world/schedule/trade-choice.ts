/** Which trade a vessel works, by type and size class (dark tankers keep to the shadow trades). */
import type { BehaviourProfile, VesselType } from '../types';

type Weighted = readonly (readonly [string, number])[];

const BY_CLASS: Readonly<Record<string, Weighted>> = {
  'tanker/vlcc': [
    ['crude-gulf-asia', 6],
    ['crude-gulf-europe', 1],
    ['crude-usg-export', 1],
  ],
  'tanker/suezmax': [
    ['crude-gulf-europe', 2],
    ['crude-black-sea', 3],
    ['crude-usg-export', 2],
    ['crude-gulf-asia', 1],
  ],
  'tanker/aframax': [
    ['crude-black-sea', 3],
    ['crude-usg-export', 2],
    ['crude-gulf-asia', 1],
    ['products-gulf-asia', 1],
  ],
  'tanker/mr': [
    ['products-gulf-asia', 3],
    ['products-atlantic', 2],
    ['products-asia', 3],
    ['products-usg', 2],
  ],
  'chemical_tanker/coaster': [
    ['chem-asia', 3],
    ['chem-middle-east', 2],
    ['chem-europe-short', 2],
  ],
  'chemical_tanker/deep-sea': [
    ['chem-usg-europe', 3],
    ['chem-europe-asia', 2],
    ['chem-asia', 2],
    ['chem-middle-east', 1],
  ],
  'lng_carrier/conventional': [
    ['lng-qatar', 3],
    ['lng-usg', 2],
  ],
  'bulk_carrier/capesize': [
    ['ore-hedland', 5],
    ['ore-tubarao', 3],
    ['coal-newcastle', 2],
  ],
  'bulk_carrier/panamax': [
    ['coal-newcastle', 2],
    ['coal-richards-bay', 2],
    ['grain-brazil', 2],
    ['grain-usg', 2],
    ['grain-plata', 2],
  ],
  'bulk_carrier/supramax': [
    ['grain-black-sea', 3],
    ['grain-usg', 1],
    ['grain-pnw', 2],
    ['coal-richards-bay', 2],
    ['grain-fremantle', 2],
    ['grain-brazil', 1],
  ],
  'bulk_carrier/handysize': [
    ['grain-black-sea', 3],
    ['grain-rouen', 2],
    ['grain-fremantle', 2],
    ['grain-pnw', 1],
  ],
  'container/ulcv': [
    ['asia-europe-1', 3],
    ['asia-europe-2', 3],
  ],
  'container/neopanamax': [
    ['asia-europe-1', 1],
    ['asia-europe-2', 1],
    ['asia-med', 2],
    ['transpacific-1', 2],
    ['south-america-asia', 1],
  ],
  'container/panamax': [
    ['transpacific-2', 2],
    ['asia-us-east', 2],
    ['transatlantic', 2],
    ['asia-med', 1],
    ['middle-east-india', 1],
  ],
  'container/feeder': [
    ['intra-asia-1', 3],
    ['intra-asia-2', 2],
    ['middle-east-india', 2],
    ['med-feeder', 2],
  ],
  'general_cargo/multipurpose': [
    ['tramp-europe', 3],
    ['tramp-asia', 3],
    ['tramp-middle-east', 2],
    ['tramp-americas', 2],
    ['tramp-black-sea', 1],
  ],
  'cargo/coaster': [
    ['tramp-europe', 3],
    ['tramp-asia', 3],
    ['tramp-middle-east', 1],
    ['tramp-americas', 1],
    ['tramp-black-sea', 2],
  ],
  'fishing/trawler': [['fishing', 1]],
  'passenger/cruise': [
    ['cruise-med', 3],
    ['cruise-asia', 3],
    ['cruise-north-europe', 2],
    ['cruise-pacific', 1],
  ],
  'passenger/ferry': [
    ['ferry-gibraltar', 1],
    ['ferry-pearl-river', 1],
  ],
  'service/offshore-supply': [['service', 1]],
  'other/special': [['service', 1]],
};

const SHADOW: Weighted = [
  ['shadow-black-sea', 3],
  ['shadow-gulf', 2],
];

/** The trade a vessel keeps for its whole history. */
export function tradeOptions(
  type: VesselType,
  sizeClass: string,
  profile: BehaviourProfile,
): Weighted {
  if (profile === 'dark' && (type === 'tanker' || type === 'chemical_tanker')) return SHADOW;
  const options = BY_CLASS[`${type}/${sizeClass}`];
  if (options === undefined) throw new RangeError(`no trade for ${type}/${sizeClass}`);
  return options;
}
