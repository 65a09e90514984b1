// seedDatabase: the deterministic synthetic data set (see docs/geo-scoring/seed.md#determinism).
// Same (seed, profile, as-of) → identical rows: every dataset draws from its own substream in a
// fixed order, and every timestamp derives from the as-of date.
import { createProgress, type ProgressMode } from '@platform/cli';
import { Client } from 'pg';

import {
  StandaloneDatabaseOptions,
  withStandaloneContext,
} from '../../platform/database/standalone-context';

import { activityMonths, activityRows, ACTIVITY_COLUMNS, monthsBetween } from './datasets/activity';
import { crimeRows, CRIME_COLUMNS } from './datasets/crime';
import { embeddingRows, EMBEDDING_COLUMNS } from './datasets/embeddings';
import { licenceRows, LICENCE_COLUMNS } from './datasets/licences';
import {
  buildPermits,
  detectionRows,
  DETECTION_COLUMNS,
  permitRows,
  PERMIT_COLUMNS,
} from './datasets/permits';
import {
  cellRows,
  cellTractRows,
  commuterFlowRows,
  metroRows,
  namedLocationRows,
  portRows,
  portVolumeRows,
  tractRows,
} from './datasets/reference';
import { zbaRows, ZBA_COLUMNS } from './datasets/zba';
import { copyRows, type CopyValue } from './copy-writer';
import { DAY_MS, dayMs, type SeedContext } from './context';
import { SeedPostLoad } from './post-load';
import { SEED_PROFILES, type SeedProfileName } from './profiles';
import { SeedModule } from './seed.module';
import { SeedRepository } from './seed.repository';
import { buildMetroWorld } from './world';

export interface SeedOptions {
  profile: SeedProfileName;
  seed: number;
  /** YYYY-MM-DD */
  asOf: string;
  /** Default true; false leaves satellite_embeddings empty. */
  embeddings?: boolean;
  /** Truncate the seeded and derived tables first; without it a non-empty database is refused. */
  reset?: boolean;
  progress?: ProgressMode;
  /** Skip the post-load pipeline (benchmarks of the COPY phase only). */
  skipPostLoad?: boolean;
}

export interface SeedReport {
  profile: SeedProfileName;
  seed: number;
  asOf: string;
  rows: Record<string, number>;
  /** Elapsed ms per phase (monotonic clock): generate (worlds), copy, each post-load phase. */
  phasesMs: Record<string, number>;
  /** Rows and ms of the COPY phase alone (for the bench). */
  copy: { rows: number; ms: number };
}

interface Dataset {
  table: string;
  columns: readonly string[];
  expected: number;
  rows: () => Iterable<readonly CopyValue[] | string>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export class SeedRefusedError extends Error {}

export async function seedDatabase(url: string, options: SeedOptions): Promise<SeedReport> {
  if (!ISO_DATE.test(options.asOf) || Number.isNaN(dayMs(options.asOf))) {
    throw new RangeError(`as-of must be YYYY-MM-DD, got ${options.asOf}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new RangeError('seed must be an integer');
  const profile = SEED_PROFILES[options.profile];
  const progress = createProgress(options.progress ?? 'auto', process.stdout, 'seed');
  const phasesMs: Record<string, number> = {};
  let phaseName = 'generate';
  let phaseStart = performance.now();
  const phase = (name: string): void => {
    const now = performance.now();
    phasesMs[phaseName] = (phasesMs[phaseName] ?? 0) + Math.round(now - phaseStart);
    phaseName = name;
    phaseStart = now;
    if (name !== 'done') progress.log(`phase ${name}`);
  };

  return withStandaloneContext(seedConnection(url), [SeedModule], async (context) => {
    const client = new Client({
      connectionString: url,
      options: '-c TimeZone=UTC',
      application_name: 'geo-seed',
    });
    await client.connect();
    const repository = context.get(SeedRepository);
    let copied = 0;
    let copyMs = 0;
    try {
      if (options.reset) {
        await repository.reset();
      } else {
        const filled = await repository.nonEmptyTables();
        if (filled.length > 0) {
          throw new SeedRefusedError(
            `the database already holds geo data (${filled.join(', ')}); pass --reset to replace it`,
          );
        }
      }
      const asOfMs = dayMs(options.asOf);
      const ctx: SeedContext = {
        seed: options.seed,
        profile,
        asOf: options.asOf,
        asOfMs,
        worlds: profile.metros.map(([slug, radius]) => buildMetroWorld(options.seed, slug, radius)),
        embeddings: options.embeddings ?? true,
      };
      const permits = buildPermits(ctx);
      const cellCount = ctx.worlds.reduce((sum, w) => sum + w.cells.length, 0);
      const datasets: Dataset[] = [
        {
          table: 'metros',
          columns: [
            'slug',
            'name',
            'state',
            'center_lat',
            'center_lng',
            'radius_km',
            'exclude_polygons',
            'county_fips',
          ],
          expected: ctx.worlds.length,
          rows: () => metroRows(ctx),
        },
        {
          table: 'cells',
          columns: ['h3_index', 'metro_slug', 'lat', 'lng', 'h3_r7', 'h3_r5', 'location_name'],
          expected: cellCount,
          rows: () => cellRows(ctx),
        },
        {
          table: 'named_locations',
          columns: ['id', 'metro_slug', 'name', 'kind', 'lat', 'lng', 'h3_index'],
          expected: 40 * ctx.worlds.length,
          rows: () => namedLocationRows(ctx),
        },
        {
          table: 'tracts',
          columns: [
            'geoid',
            'metro_slug',
            'name',
            'county_name',
            'state_abbr',
            'population',
            'population_5y_ago',
            'median_household_income',
            'pct_bachelors',
            'jobs',
            'lat',
            'lng',
          ],
          expected: ctx.worlds.reduce((s, w) => s + w.tracts.length, 0),
          rows: () => tractRows(ctx),
        },
        {
          table: 'cell_tracts',
          columns: ['h3_index', 'geoid', 'weight'],
          expected: cellCount,
          rows: () => cellTractRows(ctx),
        },
        {
          table: 'commuter_flows',
          columns: ['year', 'home_geoid', 'work_geoid', 'workers'],
          expected: Math.round(cellCount * 17),
          rows: () => commuterFlowRows(ctx),
        },
        {
          table: 'ports',
          columns: ['slug', 'name', 'unlocode', 'lat', 'lng'],
          expected: 6,
          rows: () => portRows(),
        },
        {
          table: 'port_volumes',
          columns: ['port_slug', 'month', 'teu', 'vessel_calls', 'source_loaded_at'],
          expected: 360,
          rows: () => portVolumeRows(ctx),
        },
        {
          table: 'activity_events',
          columns: ACTIVITY_COLUMNS,
          expected: profile.activityEvents,
          rows: () => activityRows(ctx),
        },
        {
          table: 'crime_incidents',
          columns: CRIME_COLUMNS,
          expected: profile.crimeIncidents,
          rows: () => crimeRows(ctx),
        },
        {
          table: 'permits',
          columns: PERMIT_COLUMNS,
          expected: permits.length,
          rows: () => permitRows(permits),
        },
        {
          table: 'construction_detections',
          columns: DETECTION_COLUMNS,
          expected: profile.detections,
          rows: () => detectionRows(ctx, permits),
        },
        {
          table: 'business_licenses',
          columns: LICENCE_COLUMNS,
          expected: profile.licences,
          rows: () => licenceRows(ctx),
        },
        {
          table: 'zba_decisions',
          columns: ZBA_COLUMNS,
          expected: ctx.worlds.some((w) => w.entry.slug === 'bos') ? profile.zbaDecisions : 0,
          rows: () => zbaRows(ctx),
        },
      ];
      if (ctx.embeddings) {
        datasets.push({
          table: 'satellite_embeddings',
          columns: EMBEDDING_COLUMNS,
          expected: Math.round(cellCount * 0.92),
          rows: () => embeddingRows(ctx),
        });
      }
      await repository.ensureMonthPartitions('activity_events', activityMonths(ctx));
      const replayStart = asOfMs - (profile.replayDays - 1) * DAY_MS;
      await repository.ensureMonthPartitions('score_snapshots', monthsBetween(replayStart, asOfMs));

      phase('copy');
      const copyStart = performance.now();
      const rows: Record<string, number> = {};
      for (const dataset of datasets) {
        const bar = progress.task(dataset.table, dataset.expected);
        rows[dataset.table] = await copyRows(
          client,
          dataset.table,
          dataset.columns,
          dataset.rows(),
          (n) => bar.add(n),
        );
        bar.finish();
        copied += rows[dataset.table];
      }
      copyMs = Math.round(performance.now() - copyStart);
      await repository.syncSequences();
      phase('analyze');
      await repository.analyze();
      if (!options.skipPostLoad) {
        await context.get(SeedPostLoad).run({
          asOfMs,
          replayDays: profile.replayDays,
          metros: ctx.worlds.map((w) => w.entry.slug),
          phase,
        });
      }
      phase('done');
      return {
        profile: profile.name,
        seed: options.seed,
        asOf: options.asOf,
        rows,
        phasesMs,
        copy: { rows: copied, ms: copyMs },
      };
    } finally {
      progress.stop();
      await client.end();
    }
  });
}

/** md5 per table (see SeedRepository.checksums), as `table md5 rows` lines. */
export async function seedChecksums(url: string): Promise<string[]> {
  const sums = await withStandaloneContext(seedConnection(url), [SeedModule], (context) =>
    context.get(SeedRepository).checksums(),
  );
  return sums.map(([table, sum]) => `${table} ${sum}`);
}

/**
 * The seed's pool (besides the COPY client): two replay metros at once plus headroom, and no
 * statement timeout, since VACUUM FULL and the checksums of a large seed take minutes.
 */
function seedConnection(url: string): StandaloneDatabaseOptions {
  return { url, applicationName: 'geo-seed', poolSize: 4, statementTimeoutMs: 0 };
}
