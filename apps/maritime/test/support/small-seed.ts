// The small seed as a test template: `maritimeForFile({ ...smallSeedTemplate })` clones a
// database that already holds profile small, seed 42, ending where the tests' clock stands. The
// variant hashes every source file the seed runs, so a stale template is never reused.
import { join } from 'node:path';
import { addUtcDays } from '@platform/clock';
import { sourceTreeHash, TEST_NOW } from '@platform/testing';
import { seedMaritimeDatabase } from '../../src/pipeline/seed/seed-database';

export const SMALL_SEED = 42;
/** The world ends at this day's midnight: the second after TEST_NOW. */
export const SMALL_SEED_AS_OF = addUtcDays(TEST_NOW.slice(0, 10), 1);

const SOURCE_ROOTS = [
  join(__dirname, '../../../../libs/maritime-domain/src'),
  join(__dirname, '../../src/pipeline'),
  join(__dirname, '../../src/migrations'),
];

export const smallSeedTemplate = {
  templateVariant: `seed-small-${SMALL_SEED}-${SMALL_SEED_AS_OF}-${sourceTreeHash(SOURCE_ROOTS)}`,
  async prepareTemplate(url: string): Promise<void> {
    await seedMaritimeDatabase(url, {
      profile: 'small',
      seed: SMALL_SEED,
      asOf: SMALL_SEED_AS_OF,
      reset: false,
      progress: 'silent',
    });
  },
};
