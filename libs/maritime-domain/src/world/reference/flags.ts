/**
 * Flag states with their ITU Maritime Identification Digits. Categories: `open_registry` are the
 * usual flags of convenience, `high_risk` registries with poor port-state-control records,
 * `sanctioned` registries of sanctioned states, `standard` everything else.
 */

export type FlagCategory = 'sanctioned' | 'high_risk' | 'open_registry' | 'standard';

export interface FlagDef {
  iso2: string;
  name: string;
  category: FlagCategory;
  mids: readonly number[];
}

export const FLAGS: readonly FlagDef[] = [
  // open registries
  {
    iso2: 'PA',
    name: 'Panama',
    category: 'open_registry',
    mids: [351, 352, 353, 354, 355, 356, 357, 370, 371, 372, 373],
  },
  { iso2: 'LR', name: 'Liberia', category: 'open_registry', mids: [636, 637] },
  { iso2: 'MH', name: 'Marshall Islands', category: 'open_registry', mids: [538] },
  { iso2: 'MT', name: 'Malta', category: 'open_registry', mids: [215, 229, 248, 249, 256] },
  { iso2: 'BS', name: 'Bahamas', category: 'open_registry', mids: [308, 309, 311] },
  { iso2: 'CY', name: 'Cyprus', category: 'open_registry', mids: [209, 210, 212] },
  { iso2: 'AG', name: 'Antigua and Barbuda', category: 'open_registry', mids: [304, 305] },
  {
    iso2: 'VC',
    name: 'Saint Vincent and the Grenadines',
    category: 'open_registry',
    mids: [375, 376, 377],
  },
  { iso2: 'BZ', name: 'Belize', category: 'open_registry', mids: [312] },
  { iso2: 'BB', name: 'Barbados', category: 'open_registry', mids: [314] },
  { iso2: 'BM', name: 'Bermuda', category: 'open_registry', mids: [310] },
  // high-risk registries
  { iso2: 'CM', name: 'Cameroon', category: 'high_risk', mids: [613] },
  { iso2: 'TG', name: 'Togo', category: 'high_risk', mids: [671] },
  { iso2: 'KM', name: 'Comoros', category: 'high_risk', mids: [616] },
  { iso2: 'SL', name: 'Sierra Leone', category: 'high_risk', mids: [667] },
  { iso2: 'GA', name: 'Gabon', category: 'high_risk', mids: [626] },
  { iso2: 'CK', name: 'Cook Islands', category: 'high_risk', mids: [518] },
  { iso2: 'PW', name: 'Palau', category: 'high_risk', mids: [511] },
  { iso2: 'TZ', name: 'Tanzania', category: 'high_risk', mids: [674, 677] },
  { iso2: 'MD', name: 'Moldova', category: 'high_risk', mids: [214] },
  { iso2: 'KN', name: 'Saint Kitts and Nevis', category: 'high_risk', mids: [341] },
  // sanctioned registries
  { iso2: 'IR', name: 'Iran', category: 'sanctioned', mids: [422] },
  { iso2: 'KP', name: 'North Korea', category: 'sanctioned', mids: [445] },
  { iso2: 'SY', name: 'Syria', category: 'sanctioned', mids: [468] },
  // standard registries
  { iso2: 'GR', name: 'Greece', category: 'standard', mids: [237, 239, 240, 241] },
  { iso2: 'CN', name: 'China', category: 'standard', mids: [412, 413, 414] },
  { iso2: 'HK', name: 'Hong Kong', category: 'standard', mids: [477] },
  { iso2: 'SG', name: 'Singapore', category: 'standard', mids: [563, 564, 565, 566] },
  { iso2: 'JP', name: 'Japan', category: 'standard', mids: [431, 432] },
  { iso2: 'KR', name: 'South Korea', category: 'standard', mids: [440, 441] },
  { iso2: 'NO', name: 'Norway', category: 'standard', mids: [257, 258, 259] },
  { iso2: 'DK', name: 'Denmark', category: 'standard', mids: [219, 220] },
  { iso2: 'GB', name: 'United Kingdom', category: 'standard', mids: [232, 233, 234, 235] },
  { iso2: 'DE', name: 'Germany', category: 'standard', mids: [211, 218] },
  { iso2: 'NL', name: 'Netherlands', category: 'standard', mids: [244, 245, 246] },
  { iso2: 'BE', name: 'Belgium', category: 'standard', mids: [205] },
  { iso2: 'FR', name: 'France', category: 'standard', mids: [226, 227, 228] },
  { iso2: 'IT', name: 'Italy', category: 'standard', mids: [247] },
  { iso2: 'ES', name: 'Spain', category: 'standard', mids: [224, 225] },
  { iso2: 'US', name: 'United States', category: 'standard', mids: [338, 366, 367, 368, 369] },
  { iso2: 'IN', name: 'India', category: 'standard', mids: [419] },
  { iso2: 'TR', name: 'Turkey', category: 'standard', mids: [271] },
  { iso2: 'RU', name: 'Russia', category: 'standard', mids: [273] },
  { iso2: 'TW', name: 'Taiwan', category: 'standard', mids: [416] },
  { iso2: 'MY', name: 'Malaysia', category: 'standard', mids: [533] },
  { iso2: 'TH', name: 'Thailand', category: 'standard', mids: [567] },
  { iso2: 'ID', name: 'Indonesia', category: 'standard', mids: [525] },
  { iso2: 'VN', name: 'Vietnam', category: 'standard', mids: [574] },
  { iso2: 'AE', name: 'United Arab Emirates', category: 'standard', mids: [470, 471] },
  { iso2: 'SA', name: 'Saudi Arabia', category: 'standard', mids: [403] },
  { iso2: 'AU', name: 'Australia', category: 'standard', mids: [503] },
  { iso2: 'CA', name: 'Canada', category: 'standard', mids: [316] },
  { iso2: 'BR', name: 'Brazil', category: 'standard', mids: [710] },
];

export const FLAG_BY_ISO2: ReadonlyMap<string, FlagDef> = new Map(FLAGS.map((f) => [f.iso2, f]));
