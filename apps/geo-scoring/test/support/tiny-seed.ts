// The tiny seed as a test template: `startGeo({ ...tinySeedTemplate })` clones a database that
// already holds profile tiny, seed 42, as of the harness clock's date (so the seed's "today" is
// the service's). The variant names that date and a hash of every source file the seed runs, so
// a stale template is never reused.
import { join } from 'node:path';
import { sourceTreeHash } from '@platform/testing';

import { seedDatabase } from '../../src/pipeline/seed/seed';
import { TEST_TODAY } from './geo-harness';

export const TINY_SEED = 42;

// Everything the seed runs in process: a change to any of it must rebuild the template.
const SOURCE_ROOTS = [
  ...[
    'pipeline/seed',
    'pipeline/score-refresh',
    'pipeline/spatial-diagnostics',
    'pipeline/robustness',
    'pipeline/rollups',
    'pipeline/population',
    'platform/database',
  ].map((folder) => join(__dirname, '../../src', folder)),
  join(__dirname, '../../../../libs/geo-domain/src'),
];

/** The as-of of the tiny template: the date the harness clock stands on. */
export const TINY_SEED_AS_OF = TEST_TODAY;

export const tinySeedTemplate = {
  templateVariant: `seed-tiny-${TINY_SEED}-${TINY_SEED_AS_OF}-${sourceTreeHash(SOURCE_ROOTS)}`,
  async prepareTemplate(url: string): Promise<void> {
    await seedDatabase(url, {
      profile: 'tiny',
      seed: TINY_SEED,
      asOf: TINY_SEED_AS_OF,
      progress: 'silent',
    });
  },
};
