// `npm run tools -- geo seed [--profile tiny|standard|large] [--seed N] [--as-of YYYY-MM-DD]
//   [--reset | --if-empty] [--no-embeddings] [--checksum]`: fills DATABASE_URL's database (migrated first)
// with the deterministic synthetic data set, then runs the app's rollup,
// population, score replay, classifier and diagnostics code in process.
import {
  CommandFailure,
  dayArgument,
  defineCommand,
  UsageError,
  type Command,
} from '@platform/cli';
import { Clock, SystemClock } from '@platform/clock';
import { loadMigrationConfig, loadToolRedisConfig } from '@platform/config';
import { runMigrations } from '@platform/database';

import { migrations } from '../../migrations';
import { announceReadCacheChange } from '../../platform/read-cache/read-cache.announce';
import { isSeedProfileName } from './profiles';
import { seedChecksums, seedDatabase, SeedRefusedError } from './seed';

const USAGE =
  'usage: geo seed [--profile tiny|standard|large] [--seed N] [--as-of YYYY-MM-DD] [--reset | --if-empty] [--no-embeddings] [--checksum]';

/** The seed command; `clock` gives the default as-of date, the data set's one calendar input. */
export function createSeedCommand(clock: Clock = new SystemClock()): Command {
  return defineCommand({
    name: 'geo seed',
    usage: USAGE,
    options: {
      profile: { type: 'string' },
      'if-empty': { type: 'boolean' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      reset: { type: 'boolean' },
      'no-embeddings': { type: 'boolean' },
      checksum: { type: 'boolean' },
    },
    async run({ values, env, io }) {
      const profile = values.profile ?? 'standard';
      const seed = values.seed === undefined ? 42 : Number(values.seed);
      if (!isSeedProfileName(profile))
        throw new UsageError('--profile must be tiny, standard or large');
      if (!Number.isSafeInteger(seed)) throw new UsageError('--seed must be an integer');
      const asOf = dayArgument(values['as-of'] ?? clock.today(), '--as-of');
      const url = loadMigrationConfig('geo-scoring', env).databaseUrl;
      const redis = loadToolRedisConfig('geo-scoring', env);
      await runMigrations({ url, migrations, applicationName: 'geo-seed-migrate' });
      // How long the whole seed took, for the operator: a duration, so the monotonic clock.
      const started = performance.now();
      try {
        const report = await seedDatabase(url, {
          profile,
          seed,
          asOf,
          reset: values.reset ?? false,
          embeddings: !values['no-embeddings'],
          progress: 'auto',
        });
        const phases = Object.entries(report.phasesMs)
          .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}s`)
          .join(', ');
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        io.err(`seeded profile ${profile} (seed ${seed}, as-of ${asOf}) in ${seconds}s: ${phases}`);
      } catch (error) {
        if (!(error instanceof SeedRefusedError)) throw error;
        // --if-empty (npm start): a database that already holds data is left as it is.
        if (values['if-empty']) {
          io.err('geo seed: the database already holds data; left as it is (--if-empty)');
          return 0;
        }
        throw new CommandFailure(error.message);
      }
      // Replicas already running (a re-seed) would otherwise answer from the old data.
      await announceReadCacheChange(redis, 'command:seed', (line) => io.err(line));
      if (values.checksum) for (const line of await seedChecksums(url)) io.out(line);
      return 0;
    },
  });
}

export const seedCommand = createSeedCommand();
