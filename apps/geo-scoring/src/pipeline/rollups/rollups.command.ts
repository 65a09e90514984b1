// `npm run tools -- geo rollups [--rebuild] [--days N]`: recomputes the activity and crime
// rollups from raw rows (design 1.5).
//
//   (no flags)   the last 3 UTC days, one transaction per day (what rollup-reconcile does)
//   --days N     the last N UTC days
//   --rebuild    every day, in one set-based pass
//
// DATABASE_URL selects the database (default: the local geo_scoring database).
import { parseArgs } from 'node:util';
import { Environment } from '@platform/config';
import { lastDays, RECONCILE_DAYS, RollupsRepository } from './rollups.repository';
import { CommandOutput, stdio, withGeoContext } from '../../platform/cli/command-io';
import { RollupsModule } from './rollups.module';

const USAGE = 'usage: geo rollups [--rebuild] [--days N]';

export type { CommandOutput } from '../../platform/cli/command-io';

export async function run(
  args: string[],
  env: Environment,
  io: CommandOutput = stdio,
): Promise<number> {
  let values: { rebuild?: boolean; days?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        rebuild: { type: 'boolean' },
        days: { type: 'string' },
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
  const days = values.days === undefined ? RECONCILE_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3660 || (values.rebuild && values.days)) {
    io.err(`--days must be a whole number from 1 to 3660, without --rebuild\n${USAGE}`);
    return 2;
  }
  return withGeoContext(env, 'geo-rollups', [RollupsModule], async (context) => {
    const started = Date.now();
    const range = values.rebuild ? undefined : lastDays(days);
    await context.get(RollupsRepository).rebuild(range);
    const what = range ? `${range.from}..${range.to}` : 'all days';
    io.out(`rollups rebuilt for ${what} in ${Date.now() - started} ms`);
    return 0;
  });
}
