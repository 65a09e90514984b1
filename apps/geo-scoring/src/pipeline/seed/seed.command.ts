// `npm run tools -- geo seed [--profile tiny|standard|large] [--seed N] [--as-of YYYY-MM-DD]
//   [--reset | --if-empty] [--no-embeddings] [--checksum]`: fills DATABASE_URL's database (migrated first)
// with the deterministic synthetic data set of design 3.8, then runs the app's rollup,
// population, score replay, classifier and diagnostics code in process.
import { parseArgs } from 'node:util';
import { Environment, loadMigrationConfig } from '@platform/config';
import { runMigrations } from '@platform/database';

import { migrations } from '../../migrations';
import { isSeedProfileName } from './profiles';
import { seedChecksums, seedDatabase, SeedRefusedError } from './seed';
import { CommandOutput, stdio } from '../../platform/cli/command-io';

const USAGE =
  'usage: geo seed [--profile tiny|standard|large] [--seed N] [--as-of YYYY-MM-DD] [--reset | --if-empty] [--no-embeddings] [--checksum]';

export type { CommandOutput } from '../../platform/cli/command-io';

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function run(
  args: string[],
  env: Environment,
  io: CommandOutput = stdio,
): Promise<number> {
  let values: {
    profile?: string;
    seed?: string;
    'as-of'?: string;
    reset?: boolean;
    'if-empty'?: boolean;
    'no-embeddings'?: boolean;
    checksum?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        profile: { type: 'string' },
        'if-empty': { type: 'boolean' },
        seed: { type: 'string' },
        'as-of': { type: 'string' },
        reset: { type: 'boolean' },
        'no-embeddings': { type: 'boolean' },
        checksum: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const profile = values.profile ?? 'standard';
  const seed = values.seed === undefined ? 42 : Number(values.seed);
  // The only wall-clock input of the data set: the default as-of date.
  const asOf = values['as-of'] ?? todayUtc();
  if (!isSeedProfileName(profile)) {
    io.err(`--profile must be tiny, standard or large\n${USAGE}`);
    return 2;
  }
  if (!Number.isSafeInteger(seed)) {
    io.err(`--seed must be an integer\n${USAGE}`);
    return 2;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))) {
    io.err(`--as-of must be a date YYYY-MM-DD\n${USAGE}`);
    return 2;
  }
  const url = loadMigrationConfig('geo-scoring', env).databaseUrl;
  await runMigrations({ url, migrations, applicationName: 'geo-seed-migrate' });
  const started = Date.now();
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
    io.err(
      `seeded profile ${profile} (seed ${seed}, as-of ${asOf}) in ${((Date.now() - started) / 1000).toFixed(1)}s: ${phases}`,
    );
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      // --if-empty (npm start): a database that already holds data is left as it is.
      if (values['if-empty']) {
        io.err('geo seed: the database already holds data; left as it is (--if-empty)');
        return 0;
      }
      io.err(`geo seed: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (values.checksum) for (const line of await seedChecksums(url)) io.out(line);
  return 0;
}
