// `npm run tools -- geo rollups [--rebuild] [--days N]`: recomputes the activity and crime
// rollups from raw rows.
//
//   (no flags)   the last 3 UTC days, one transaction per day (what rollup-reconcile does)
//   --days N     the last N UTC days
//   --rebuild    every day, in one set-based pass
//
// DATABASE_URL selects the database (default: the local geo_scoring database); REDIS_URL and
// REDIS_PREFIX the service's Redis, where running replicas are told to drop cached heatmaps.
import { defineCommand, integerArgument, UsageError } from '@platform/cli';
import { Clock } from '@platform/clock';
import { loadToolRedisConfig } from '@platform/config';
import { withGeoContext } from '../../platform/cli/geo-context';
import { announceReadCacheChange } from '../../platform/read-cache/read-cache.announce';
import { lastDays, RECONCILE_DAYS, RollupsRepository } from './rollups.repository';
import { RollupsModule } from './rollups.module';

export const rollupsCommand = defineCommand({
  name: 'geo rollups',
  usage: 'usage: geo rollups [--rebuild] [--days N]',
  options: { rebuild: { type: 'boolean' }, days: { type: 'string' } },
  async run({ values, env, io }) {
    if (values.rebuild && values.days !== undefined)
      throw new UsageError('--days must be a whole number from 1 to 3660, without --rebuild');
    const days = integerArgument(values.days, '--days', {
      min: 1,
      max: 3660,
      default: RECONCILE_DAYS,
    });
    const redis = loadToolRedisConfig('geo-scoring', env);
    return withGeoContext(env, 'geo-rollups', [RollupsModule], async (context) => {
      // How long the rebuild took, for the operator: a duration, so the monotonic clock.
      const started = performance.now();
      const range = values.rebuild ? undefined : lastDays(days, context.get(Clock).now());
      await context.get(RollupsRepository).rebuild(range);
      const what = range ? `${range.from}..${range.to}` : 'all days';
      io.out(`rollups rebuilt for ${what} in ${Math.round(performance.now() - started)} ms`);
      await announceReadCacheChange(redis, 'command:rollups', (line) => io.err(line));
      return 0;
    });
  },
});
