// The score refresh (see docs/geo-scoring/scoring-engine.md#score-refresh): per metro, under an
// advisory lock and in ONE transaction, load the engine inputs as of D, score res 8 and res 7, then
// write current scores, snapshots of touched cells, the metro's daily trend point and the
// score.changed outbox. The seed replays days with it in-process (ScoreRefreshModule).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CellFeatures,
  CellScore,
  engineFingerprint,
  isTouched,
  metroRawFeatures,
  scoreMetro,
  buildRes7Inputs,
  buildRes8Inputs,
  ResolutionCell,
  decideScoreChanges,
  assertIsoDate,
} from '@platform/geo-domain';
import { WebhookOutboxRepository } from '../webhooks/webhook-outbox.repository';
import { mapInOrder } from './map-in-order';
import { ScoreInputsRepository } from './score-inputs.repository';
import { ScoredCellWrite, ScoreRefreshRepository, ScoreTrigger } from './score-refresh.repository';

export interface ScoreRefreshRequest {
  asOf: string /* YYYY-MM-DD */;
  trigger: ScoreTrigger;
  /** Default: every metro. */
  metros?: readonly string[];
  /**
   * Metros refreshed at once, each in its own transaction and connection (default 1). The
   * refresh is PostgreSQL-bound; the seed's replay uses 2 to keep both cores busy.
   */
  concurrency?: number;
}

export interface ScoreRefreshResult {
  scoreRunId: string;
  asOf: string;
  metros: string[];
  /** Another replica held the metro's advisory lock. */
  skippedMetros: string[];
  cellsScored: number;
  cellsTouched: number;
  engineFingerprint: string;
  /** vs the previous succeeded run (false when there is none). */
  fingerprintChanged: boolean;
  /** score.changed deliveries written; each is enqueued once its metro's transaction commits. */
  deliveryIds?: string[];
}

export const SCORE_CHANGED = 'score.changed';

interface MetroOutcome {
  scored: number;
  touched: number;
  deliveryIds: string[];
}

function score(metroSlug: string, cells: readonly ResolutionCell[]): CellScore[] {
  const raw = metroRawFeatures(cells.map((c) => c.inputs));
  const features: CellFeatures[] = cells.map((c, i) => ({
    h3Index: c.h3Index,
    metroSlug,
    raw: raw[i],
    volumeCount: c.volumeCount,
  }));
  return scoreMetro(features);
}

@Injectable()
export class ScoreRefreshService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ScoreInputsRepository) private readonly inputs: ScoreInputsRepository,
    @Inject(ScoreRefreshRepository) private readonly repository: ScoreRefreshRepository,
    @Inject(WebhookOutboxRepository) private readonly outbox: WebhookOutboxRepository,
  ) {}

  async refresh(request: ScoreRefreshRequest): Promise<ScoreRefreshResult> {
    assertIsoDate('asOf', request.asOf);
    const known = await this.repository.metroSlugs();
    const requested = request.metros === undefined ? known : [...new Set(request.metros)].sort();
    const unknown = requested.filter((slug) => !known.includes(slug));
    if (unknown.length > 0) throw new RangeError(`unknown metro(s): ${unknown.join(', ')}`);

    const fingerprint = engineFingerprint();
    const runId = await this.repository.startRun({
      trigger: request.trigger,
      asOf: request.asOf,
      fingerprint,
      metros: requested,
    });
    const previous = await this.repository.previousFingerprint(runId, null);
    // Before, and outside, the metros' transactions: creating a partition locks the parent
    // table, which a concurrent metro holding a read lock on it would turn into a deadlock; and
    // the creation lock would otherwise serialise every metro's writes until commit.
    await this.repository.ensureSnapshotPartition(request.asOf);
    // Filled as each metro's transaction commits, so a failed run still records what landed.
    const committed = new Map<string, MetroOutcome | null>();
    const tally = () => {
      const landed = requested.filter((slug) => committed.get(slug));
      const outcomes = landed.map((slug) => committed.get(slug) as MetroOutcome);
      return {
        metros: landed,
        skipped: requested.filter((slug) => committed.has(slug) && committed.get(slug) === null),
        scored: outcomes.reduce((sum, o) => sum + o.scored, 0),
        touched: outcomes.reduce((sum, o) => sum + o.touched, 0),
        deliveryIds: outcomes.flatMap((o) => o.deliveryIds),
      };
    };
    try {
      await mapInOrder(requested, request.concurrency ?? 1, async (metroSlug) => {
        committed.set(
          metroSlug,
          await this.refreshMetro(metroSlug, request.asOf, runId, fingerprint),
        );
      });
    } catch (error) {
      const { metros, scored, touched } = tally();
      await this.repository.finishRun(runId, {
        status: 'failed',
        metros,
        scored,
        touched,
      });
      throw error;
    }
    const { metros, skipped, scored, touched, deliveryIds } = tally();
    await this.repository.finishRun(runId, {
      status: 'succeeded',
      metros,
      scored,
      touched,
    });
    return {
      scoreRunId: runId,
      asOf: request.asOf,
      metros,
      skippedMetros: skipped,
      cellsScored: scored,
      cellsTouched: touched,
      engineFingerprint: fingerprint,
      fingerprintChanged: previous !== null && previous !== fingerprint,
      deliveryIds,
    };
  }

  /** null = another replica holds the metro's lock. */
  private async refreshMetro(
    metroSlug: string,
    asOf: string,
    runId: string,
    fingerprint: string,
  ): Promise<MetroOutcome | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const repository = this.repository.withTransaction(runner);
      if (!(await repository.tryLockMetro(metroSlug))) {
        await runner.rollbackTransaction();
        return null;
      }
      const outcome = await this.scoreMetroLocked(
        repository,
        this.inputs.withTransaction(runner),
        this.outbox.withTransaction(runner),
        metroSlug,
        asOf,
        runId,
        fingerprint,
      );
      await runner.commitTransaction();
      return outcome;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** `repository`, `inputs` and `outbox` run on the metro's transaction, which holds its lock. */
  private async scoreMetroLocked(
    repository: ScoreRefreshRepository,
    inputs: ScoreInputsRepository,
    outbox: WebhookOutboxRepository,
    metroSlug: string,
    asOf: string,
    runId: string,
    fingerprint: string,
  ): Promise<MetroOutcome> {
    await repository.tuneTransaction();
    const previousAsOf = await repository.previousAsOf(metroSlug, asOf);
    const [cells, tracts, locations] = [
      await inputs.loadCells(metroSlug, asOf, previousAsOf),
      await inputs.loadTractShares(metroSlug),
      await inputs.loadLocations(metroSlug),
    ];
    if (cells.length === 0) return { scored: 0, touched: 0, deliveryIds: [] };

    const scores8 = score(metroSlug, buildRes8Inputs(cells, tracts, locations));
    const scores7 = score(metroSlug, buildRes7Inputs(cells, tracts, locations));
    const compositeR7 = new Map(scores7.map((s) => [s.h3Index, s.composite]));

    const states = await repository.previousStates(metroSlug, asOf);
    const previousFingerprint = await repository.previousFingerprint(runId, metroSlug);
    const decision = decideScoreChanges(
      scores8.map((s) => ({
        h3Index: s.h3Index,
        composite: s.composite,
        confidence: s.confidence,
        notifiedComposite: states.get(s.h3Index)?.notifiedComposite ?? null,
      })),
      {
        metroSlug,
        scoreRunId: Number(runId),
        resetBaselines: previousFingerprint !== null && previousFingerprint !== fingerprint,
      },
    );

    const touched = scores8.filter((s, i) => {
      const state = states.get(s.h3Index);
      // A snapshot already written for D is rewritten, so the day's row follows the rerun.
      if (state?.snapshotDate === asOf) return true;
      return isTouched({
        lastSnapshot:
          state === undefined || state.snapshotDate === null
            ? null
            : { composite: state.snapshotComposite },
        composite: s.composite,
        hasNewRawRecords: cells[i].hasNewRawRecords,
      });
    });

    const writes: ScoredCellWrite[] = scores8.map((s, i) => ({
      score: s,
      compositeR7: compositeR7.get(cells[i].h3R7) ?? null,
      notifiedComposite: decision.notified[i],
    }));
    await repository.upsertR7Scores(metroSlug, runId, scores7);
    await repository.upsertCellScores(metroSlug, runId, writes);
    await repository.upsertSnapshots(metroSlug, asOf, touched);
    await repository.upsertMetroDaily(metroSlug, asOf);
    // Global events; no subscriber, no rows. Enqueued once this transaction commits.
    const { deliveryIds } = await outbox.emit(SCORE_CHANGED, null, decision.changes);
    return { scored: scores8.length, touched: touched.length, deliveryIds };
  }
}
