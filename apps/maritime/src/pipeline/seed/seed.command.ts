// `npm run tools -- maritime seed --profile small|default|large [--seed N] [--as-of YYYY-MM-DD]
//   [--reset [--force]] [--checksum]`
import {
  choiceArgument,
  CommandFailure,
  dayArgument,
  defineCommand,
  integerArgument,
} from '@platform/cli';
import { loadMigrationConfig } from '@platform/config';
import { runMigrations } from '@platform/database';
import { migrations } from '../../migrations';
import { withToolContext } from '../../platform/tools/tool-context';
import { MaritimeSeeder, SeedRefusedError } from './maritime-seeder';
import { SeedModule } from './seed.module';
import { SeedRepository } from './seed.repository';

const USAGE = `usage: npm run tools -- maritime seed [--profile small|default|large] [--seed N]
         [--as-of YYYY-MM-DD] [--reset [--force]] [--checksum] [--quiet] [--if-empty]
  Fills DATABASE_URL's database (migrated first) with the deterministic world of the profile:
  small 200 vessels / 3 days of AIS, default 2,000 / 30 days, large 10,000 / 30 days.
  --as-of     the day the world ends (default: today, UTC); same seed and as-of, same rows
  --reset     empty the seeded tables first (refused unless the database name ends in
              maritime, or --force is given)
  --checksum  print "<table> <rows> <md5>" per table afterwards
  --quiet     no progress lines (errors and the closing line only)
  --if-empty  leave a database that already holds vessels as it is (exit 0), e.g. npm start`;

export const seedCommand = defineCommand({
  name: 'maritime seed',
  usage: USAGE,
  options: {
    profile: { type: 'string' },
    seed: { type: 'string' },
    'as-of': { type: 'string' },
    reset: { type: 'boolean' },
    force: { type: 'boolean' },
    checksum: { type: 'boolean' },
    quiet: { type: 'boolean' },
    'if-empty': { type: 'boolean' },
  },
  async run({ values, env, io }) {
    const profile = choiceArgument(
      values.profile,
      '--profile',
      ['small', 'default', 'large'],
      'default',
    );
    const seed = integerArgument(values.seed, '--seed', { min: 0, max: 2 ** 31 - 1, default: 42 });
    // The only wall-clock input of the data set: the default as-of.
    const asOf = dayArgument(values['as-of'] ?? new Date().toISOString().slice(0, 10), '--as-of');
    const url = loadMigrationConfig('maritime', env).databaseUrl;
    await runMigrations({ url, migrations, applicationName: 'maritime-seed-migrate' });
    return withToolContext(
      env,
      'maritime-seed',
      [SeedModule],
      async (context) => {
        const started = performance.now();
        try {
          const report = await context.get(MaritimeSeeder).seed({
            profile,
            seed,
            asOf,
            reset: values.reset ?? false,
            force: values.force ?? false,
            progress: values.quiet ? 'silent' : 'auto',
          });
          const phases = Object.entries(report.phasesMs)
            .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)}s`)
            .join(', ');
          io.err(
            `seeded profile ${profile} (seed ${seed}, as-of ${asOf}) in ${((performance.now() - started) / 1000).toFixed(1)}s: ${phases}`,
          );
        } catch (error) {
          if (error instanceof SeedRefusedError && values['if-empty'] && !values.reset) {
            io.err('maritime seed: the database already holds vessels; left as it is (--if-empty)');
            return 0;
          }
          if (error instanceof SeedRefusedError) throw new CommandFailure(error.message);
          throw error;
        }
        if (values.checksum)
          for (const line of await context.get(SeedRepository).checksums()) io.out(line);
        return 0;
      },
      { statementTimeoutMs: 900_000 },
    );
  },
});
