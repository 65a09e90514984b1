import { Inject, Injectable } from '@nestjs/common';
import { createProgress, type ProgressMode } from '@platform/cli';
import { addUtcDays } from '@platform/clock';
import { copyTextChunks } from '@platform/database';
import {
  generateWorld,
  TABLE_LOAD_ORDER,
  TABLES,
  type WorldProfile,
} from '@platform/maritime-domain';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CongestionSnapshotService } from '../congestion/congestion-snapshot.service';
import { DestinationTrainingService } from '../destinations/destination-training.service';
import { ReliabilityService } from '../destinations/reliability.service';
import { ForecastIssuer } from '../forecasts/forecast-issuer.service';
import { RiskScoringService } from '../risk/risk-scoring.service';
import { SanctionsScreeningService } from '../sanctions/sanctions-screening.service';
import { SEED_PHASES } from './seed-phases';
import { VoyageMetricsService } from '../voyage-metrics/voyage-metrics.service';
import { SeedRepository } from './seed.repository';

export interface SeedOptions {
  profile: WorldProfile;
  seed: number;
  /** YYYY-MM-DD; the generated world ends at this day's 00:00 UTC. */
  asOf: string;
  reset: boolean;
  /** --reset on a database whose name does not end in `maritime`. */
  force?: boolean;
  progress: ProgressMode;
}

export interface SeedReport {
  phasesMs: Record<string, number>;
  rows: Record<string, number>;
}

export class SeedRefusedError extends Error {}

/** Days of hourly congestion snapshots the seed writes (the history route's default window). */
const CONGESTION_BACKFILL_DAYS = 30;

/** Days of forecast issues the seed writes, so accuracy has a history from the start. */
const FORECAST_BACKFILL_DAYS = 120;

/** COPY chunks of about 1 MB: few round trips, bounded memory. */
const CHUNK_BYTES = 1 << 20;

/**
 * Fills the maritime database with the deterministic world of (profile, seed, asOf): every
 * generated table through COPY in load order, sequences moved past the generated ids, then the
 * app's own code derives what the service computes itself (sanctions matches, risk scores) and
 * the views are refreshed. The same options always give the same rows.
 */
@Injectable()
export class MaritimeSeeder {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SeedRepository) private readonly repository: SeedRepository,
    @Inject(SanctionsScreeningService) private readonly sanctions: SanctionsScreeningService,
    @Inject(RiskScoringService) private readonly risk: RiskScoringService,
    @Inject(VoyageMetricsService) private readonly voyageMetrics: VoyageMetricsService,
    @Inject(DestinationTrainingService) private readonly destinations: DestinationTrainingService,
    @Inject(ReliabilityService) private readonly reliability: ReliabilityService,
    @Inject(ForecastIssuer) private readonly forecasts: ForecastIssuer,
    @Inject(CongestionSnapshotService) private readonly congestion: CongestionSnapshotService,
  ) {}

  async seed(options: SeedOptions, out: NodeJS.WriteStream = process.stdout): Promise<SeedReport> {
    await this.guard(options);
    const progress = createProgress(options.progress, out, 'seed');
    const report: SeedReport = { phasesMs: {}, rows: {} };
    const timed = async (phase: string, work: () => Promise<void>): Promise<void> => {
      const started = performance.now();
      await work();
      report.phasesMs[phase] = Math.round(performance.now() - started);
    };
    const world = generateWorld({
      profile: options.profile,
      seed: options.seed,
      asOf: options.asOf,
    });
    const client = new Client(this.connectionOptions());
    await client.connect();
    try {
      await client.query("SET TIME ZONE 'UTC'");
      await this.repository.ensureDayPartitions(aisDays(world.windows.aisStart, options.asOf));
      for (const { phase, tables } of SEED_PHASES) {
        await timed(phase, async () => {
          const task = progress.task(phase, 0);
          for (const table of tables) {
            const chunks =
              table === 'ais_positions'
                ? world.positionCopyBuffers(CHUNK_BYTES)
                : world.copyChunks(table, CHUNK_BYTES);
            report.rows[table] = await copyTextChunks(client, table, TABLES[table], chunks, (n) =>
              task.add(n),
            );
          }
          task.finish();
        });
      }
      const asOf = new Date(`${options.asOf}T00:00:00.000Z`);
      await timed('derived', async () => {
        const task = progress.task('derived', 0);
        await this.repository.resetSequences();
        await this.sanctions.screen(asOf);
        const risk = await this.risk.recompute(asOf);
        task.add(risk.vessels);
        const metrics = await this.voyageMetrics.computeAll();
        task.add(metrics.voyages);
        const snapshots = await this.congestion.backfill(asOf, CONGESTION_BACKFILL_DAYS);
        task.add(snapshots.rows);
        task.finish();
      });
      // The nightly models, as the jobs would have left them on the morning of asOf: the
      // destination model and reliability first, since the pipeline forecasts read both.
      await timed('training', async () => {
        const task = progress.task('training', 0);
        const model = await this.destinations.train(asOf);
        task.add(model.voyages_train + model.voyages_holdout);
        const reliability = await this.reliability.recompute(asOf);
        task.add(reliability.vessels);
        task.finish();
      });
      await timed('forecasts', async () => {
        const task = progress.task('forecasts', 0);
        const issued = await this.forecasts.backfill(asOf, FORECAST_BACKFILL_DAYS);
        task.add(issued.rows);
        task.finish();
      });
      await timed('views', async () => {
        const task = progress.task('views', 0);
        await this.repository.refreshViews();
        await this.repository.analyze();
        task.finish();
      });
    } finally {
      progress.stop();
      await client.end();
    }
    return report;
  }

  private async guard(options: SeedOptions): Promise<void> {
    for (const table of TABLE_LOAD_ORDER)
      if (!(table in TABLES)) throw new Error(`unknown ${table}`);
    if (!options.reset) {
      if (await this.repository.hasVessels())
        throw new SeedRefusedError(
          'the database already holds vessels; pass --reset to replace them',
        );
      return;
    }
    const name = await this.repository.databaseName();
    if (!name.endsWith('maritime') && !options.force)
      throw new SeedRefusedError(
        `--reset refuses database "${name}" (its name does not end in maritime); add --force`,
      );
    await this.repository.reset();
  }

  private connectionOptions(): { connectionString: string; application_name: string } {
    const options = this.db.options as { url?: string };
    if (!options.url) throw new Error('the seed needs a DataSource configured by URL');
    return { connectionString: options.url, application_name: 'maritime-seed-copy' };
  }
}

/** Every UTC day from the AIS window's start through the day before asOf. */
function aisDays(aisStart: string, asOf: string): string[] {
  const days: string[] = [];
  for (let day = aisStart.slice(0, 10); day < asOf; day = addUtcDays(day, 1)) days.push(day);
  return days;
}
