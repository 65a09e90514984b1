// Seed profiles (see docs/geo-scoring/seed.md#profiles): which metros at which radius, how many
// records over which span.

export type SeedProfileName = 'tiny' | 'standard' | 'large';

export interface SeedProfile {
  name: SeedProfileName;
  /** Metro slug → radius in km (catalog order is kept). */
  metros: readonly (readonly [string, number])[];
  activityEvents: number;
  activityDays: number;
  crimeIncidents: number;
  crimeDays: number;
  permits: number;
  permitDays: number;
  licences: number;
  licenceDays: number;
  zbaDecisions: number;
  zbaDays: number;
  detections: number;
  replayDays: number;
}

const STANDARD_RADII: readonly (readonly [string, number])[] = [
  ['atx', 30],
  ['bos', 30],
  ['hou', 36],
  ['mia', 28],
  ['sea', 28],
];

export const SEED_PROFILES: Readonly<Record<SeedProfileName, SeedProfile>> = {
  tiny: {
    name: 'tiny',
    // Boston at 14 km reaches Newton, so every ZBA jurisdiction has cells.
    metros: [
      ['atx', 6],
      ['bos', 14],
    ],
    activityEvents: 60_000,
    activityDays: 400,
    crimeIncidents: 4_000,
    crimeDays: 400,
    permits: 2_000,
    permitDays: 3 * 365,
    licences: 6_000,
    licenceDays: 10 * 365,
    zbaDecisions: 300,
    zbaDays: 6 * 365,
    detections: 60,
    replayDays: 30,
  },
  standard: {
    name: 'standard',
    metros: STANDARD_RADII,
    activityEvents: 8_000_000,
    activityDays: 400,
    crimeIncidents: 250_000,
    crimeDays: 400,
    permits: 120_000,
    permitDays: 3 * 365,
    licences: 450_000,
    licenceDays: 10 * 365,
    zbaDecisions: 7_000,
    zbaDays: 6 * 365,
    detections: 2_500,
    replayDays: 90,
  },
  large: {
    name: 'large',
    metros: STANDARD_RADII.map(([slug, radius]) => [slug, radius * 1.5] as const),
    activityEvents: 40_000_000,
    activityDays: 400,
    crimeIncidents: 1_200_000,
    crimeDays: 400,
    permits: 400_000,
    permitDays: 3 * 365,
    licences: 1_000_000,
    licenceDays: 10 * 365,
    zbaDecisions: 7_000,
    zbaDays: 6 * 365,
    detections: 8_000,
    replayDays: 180,
  },
};

export function isSeedProfileName(value: string): value is SeedProfileName {
  return value === 'tiny' || value === 'standard' || value === 'large';
}
