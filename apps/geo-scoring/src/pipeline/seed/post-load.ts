// After the COPY phase the seed runs the app's own code in process
// (see docs/geo-scoring/seed.md#post-load-pipeline): rollup rebuild, population refresh, the
// score-snapshot replay, the robustness classifier and the spatial diagnostics of every metro.
// Nothing here enqueues jobs or delivers webhooks.
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { PopulationRepository } from '../population/population.repository';
import { RobustnessService } from '../robustness/robustness.service';
import { RollupsRepository } from '../rollups/rollups.repository';
import { ScoreRefreshService } from '../score-refresh/score-refresh.service';
import { SpatialDiagnosticsService } from '../spatial-diagnostics/spatial-diagnostics.service';
import { DAY_MS, isoDay } from './context';

export const DIAGNOSTICS_PERMUTATIONS = 999;
export const DIAGNOSTICS_SEED = 20240601;

export interface PostLoadOptions {
  asOfMs: number;
  replayDays: number;
  metros: readonly string[];
  /** Called with a phase name before each phase starts and when all are done. */
  phase: (name: string) => void;
}

const REPLAY_CONCURRENCY = 2;
const VACUUM_EVERY_DAYS = 10;
const VACUUM_SCORES = 'VACUUM cell_scores, cell_scores_r7';

@Injectable()
export class SeedPostLoad {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RollupsRepository) private readonly rollups: RollupsRepository,
    @Inject(PopulationRepository) private readonly population: PopulationRepository,
    @Inject(ScoreRefreshService) private readonly scoreRefresh: ScoreRefreshService,
    @Inject(RobustnessService) private readonly robustness: RobustnessService,
    @Inject(SpatialDiagnosticsService) private readonly diagnostics: SpatialDiagnosticsService,
  ) {}

  async run(options: PostLoadOptions): Promise<void> {
    options.phase('rollups');
    await this.rollups.rebuild();
    options.phase('population');
    await this.population.refresh();
    options.phase('replay');
    let lastRunId: string | null = null;
    for (let back = options.replayDays - 1; back >= 0; back--) {
      const asOf = isoDay(options.asOfMs - back * DAY_MS);
      const result = await this.scoreRefresh.refresh({
        asOf,
        trigger: 'seed',
        metros: options.metros,
        // PostgreSQL-bound: two metros at once keep both cores of a small machine busy.
        concurrency: REPLAY_CONCURRENCY,
      });
      lastRunId = result.scoreRunId;
      // Each day rewrites every score row; without this the replay leaves ~90 dead versions per
      // row, and later days (and then every read route) scan the bloat.
      if (back % VACUUM_EVERY_DAYS === 0) await this.dataSource.query(VACUUM_SCORES);
    }
    options.phase('robustness');
    await this.robustness.classify();
    options.phase('diagnostics');
    for (const metro of options.metros) await this.diagnostics.run(metro, lastRunId);
    options.phase('vacuum');
    // Compact what the replay rewrote and give the planner statistics for the read routes.
    await this.dataSource.query('VACUUM (FULL, ANALYZE) cell_scores, cell_scores_r7');
    await this.dataSource.query('VACUUM ANALYZE');
    options.phase('done');
  }
}
