// After the COPY phase the seed runs the app's own code in process (design 3.8): rollup rebuild,
// population refresh, the score-snapshot replay, the robustness classifier and the spatial
// diagnostics of every metro. Nothing here enqueues jobs or delivers webhooks.
import { createDataSource } from '@platform/database';

import { migrations } from '../migrations';
import { PopulationRepository } from '../population/population.repository';
import { RobustnessService } from '../robustness/robustness.service';
import { RollupsRepository } from '../rollups/rollups.repository';
import { ScoreRefreshService } from '../score-refresh/score-refresh.service';
import { SpatialDiagnosticsService } from '../spatial-diagnostics/spatial-diagnostics.service';
import { DAY_MS, isoDay } from './context';

export const DIAGNOSTICS_PERMUTATIONS = 999;
export const DIAGNOSTICS_SEED = 20240601;

export interface PostLoadOptions {
  url: string;
  asOfMs: number;
  replayDays: number;
  metros: readonly string[];
  /** Called with a phase name before each phase starts and when all are done. */
  phase: (name: string) => void;
}

const REPLAY_CONCURRENCY = 2;
const VACUUM_EVERY_DAYS = 10;
const VACUUM_SCORES = 'VACUUM cell_scores, cell_scores_r7';

export async function runPostLoad(options: PostLoadOptions): Promise<void> {
  const dataSource = createDataSource({
    url: options.url,
    migrations,
    applicationName: 'geo-seed',
    poolSize: 4,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  try {
    options.phase('rollups');
    await new RollupsRepository(dataSource).rebuild();
    options.phase('population');
    await new PopulationRepository(dataSource).refresh();
    options.phase('replay');
    const refresh = new ScoreRefreshService(dataSource);
    let lastRunId: string | null = null;
    for (let back = options.replayDays - 1; back >= 0; back--) {
      const asOf = isoDay(options.asOfMs - back * DAY_MS);
      const result = await refresh.refresh({
        asOf,
        trigger: 'seed',
        metros: options.metros,
        // PostgreSQL-bound: two metros at once keep both cores of a small machine busy.
        concurrency: REPLAY_CONCURRENCY,
      });
      lastRunId = result.scoreRunId;
      // Each day rewrites every score row; without this the replay leaves ~90 dead versions per
      // row, and later days (and then every read route) scan the bloat.
      if (back % VACUUM_EVERY_DAYS === 0) await dataSource.query(VACUUM_SCORES);
    }
    options.phase('robustness');
    await new RobustnessService(dataSource).classify();
    options.phase('diagnostics');
    const diagnostics = new SpatialDiagnosticsService(dataSource, {
      permutations: DIAGNOSTICS_PERMUTATIONS,
      seed: DIAGNOSTICS_SEED,
    });
    for (const metro of options.metros) await diagnostics.run(metro, lastRunId);
    options.phase('vacuum');
    // Compact what the replay rewrote and give the planner statistics for the read routes.
    await dataSource.query('VACUUM (FULL, ANALYZE) cell_scores, cell_scores_r7');
    await dataSource.query('VACUUM ANALYZE');
    options.phase('done');
  } finally {
    await dataSource.destroy();
  }
}
