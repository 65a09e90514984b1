// score_runs bookkeeping and the bulk writes of one metro's refresh
// (see docs/geo-scoring/scoring-engine.md#score-refresh). Every per-cell write is one statement
// over unnest()ed arrays, never one INSERT per cell.
import { CellScore, SIGNAL_GROUPS } from '@platform/geo-domain';
import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

export const SCORE_PROFILE = 'default';

export type ScoreTrigger = 'schedule' | 'ingest' | 'manual' | 'seed';

export interface PreviousCellState {
  notifiedComposite: number | null;
  /** The latest snapshot dated ≤ D (null: the cell was never snapshotted). */
  snapshotDate: string | null;
  snapshotComposite: number | null;
}

export interface ScoredCellWrite {
  score: CellScore;
  compositeR7: number | null;
  notifiedComposite: number | null;
}

const SIGNAL_COLUMNS = SIGNAL_GROUPS.join(', ');
const SIGNAL_UPDATES = SIGNAL_GROUPS.map((g) => `${g} = EXCLUDED.${g}`).join(', ');
/** `u.g1, u.g2, …` and the unnest column list `$k::float8[]` for the eight signals. */
function signalArrays(firstParam: number): { select: string; params: string; alias: string } {
  return {
    select: SIGNAL_GROUPS.map((g) => `u.${g}`).join(', '),
    params: SIGNAL_GROUPS.map((_, i) => `$${firstParam + i}::float8[]`).join(', '),
    alias: SIGNAL_GROUPS.join(', '),
  };
}

function signalColumns(scores: readonly CellScore[]): (number | null)[][] {
  return SIGNAL_GROUPS.map((g) => scores.map((s) => s.signals[g]));
}

@Injectable()
export class ScoreRefreshRepository extends TransactionalRepository {
  async startRun(run: {
    trigger: ScoreTrigger;
    asOf: string;
    fingerprint: string;
    metros: readonly string[];
  }): Promise<string> {
    const [row] = await rowsOf<{ id: string }>(
      this.db,
      `INSERT INTO score_runs (trigger, as_of, engine_fingerprint, metros)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [run.trigger, run.asOf, run.fingerprint, run.metros],
    );
    return String(row.id);
  }

  async finishRun(
    runId: string,
    outcome: {
      status: 'succeeded' | 'failed';
      metros: readonly string[];
      scored: number;
      touched: number;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE score_runs SET status = $2, metros = $3, cells_scored = $4, cells_touched = $5,
         finished_at = now()
       WHERE id = $1`,
      [runId, outcome.status, outcome.metros, outcome.scored, outcome.touched],
    );
  }

  /** Fingerprint of the latest succeeded run (of `metroSlug` when given) before `runId`. */
  async previousFingerprint(runId: string, metroSlug: string | null): Promise<string | null> {
    const rows = await rowsOf<{ engine_fingerprint: string }>(
      this.db,
      `SELECT engine_fingerprint FROM score_runs
       WHERE status = 'succeeded' AND id < $1 AND ($2::text IS NULL OR $2 = ANY (metros))
       ORDER BY id DESC LIMIT 1`,
      [runId, metroSlug],
    );
    return rows[0]?.engine_fingerprint ?? null;
  }

  /**
   * as_of of the latest succeeded run of the metro strictly before D: records dated after it
   * are "new". Strictly before, so a same-day rerun sees the same new records as the first run.
   */
  async previousAsOf(metroSlug: string, asOf: string): Promise<string | null> {
    const [row] = await rowsOf<{ as_of: string | null }>(
      this.db,
      `SELECT to_char(max(as_of), 'YYYY-MM-DD') AS as_of FROM score_runs
       WHERE status = 'succeeded' AND $1 = ANY (metros) AND as_of < $2::date`,
      [metroSlug, asOf],
    );
    return row?.as_of ?? null;
  }

  async metroSlugs(): Promise<string[]> {
    const rows = await rowsOf<{ slug: string }>(this.db, 'SELECT slug FROM metros ORDER BY slug');
    return rows.map((r) => r.slug);
  }

  /**
   * Per-metro lock held until the transaction ends; false when another replica holds it (it is
   * refreshing that metro now), so the caller skips instead of waiting.
   */
  async tryLockMetro(metroSlug: string): Promise<boolean> {
    const [row] = await rowsOf<{ locked: boolean }>(
      this.db,
      `SELECT pg_try_advisory_xact_lock(hashtext('geo:score-refresh'), hashtext($1)) AS locked`,
      [metroSlug],
    );
    return row.locked;
  }

  /** Aggregates over 90-365 days of rollups sort less on disk with a larger work_mem. */
  async tuneTransaction(): Promise<void> {
    await this.db.query(`SET LOCAL work_mem = '64MB'`);
  }

  async ensureSnapshotPartition(asOf: string): Promise<void> {
    await this.db.query(`SELECT geo_ensure_month_partition('score_snapshots', $1::date)`, [asOf]);
  }

  async previousStates(metroSlug: string, asOf: string): Promise<Map<string, PreviousCellState>> {
    const rows = await rowsOf<{
      h3_index: string;
      notified_composite: number | null;
      snapshot_date: string | null;
      snapshot_composite: number | null;
    }>(
      this.db,
      `SELECT c.h3_index, cs.notified_composite,
         to_char(s.snapshot_date, 'YYYY-MM-DD') AS snapshot_date, s.composite AS snapshot_composite
       FROM cells c
       LEFT JOIN cell_scores cs ON cs.h3_index = c.h3_index
       LEFT JOIN LATERAL (
         SELECT ss.snapshot_date, ss.composite FROM score_snapshots ss
         WHERE ss.h3_index = c.h3_index AND ss.profile = $3 AND ss.snapshot_date <= $2::date
         ORDER BY ss.snapshot_date DESC LIMIT 1
       ) s ON true
       WHERE c.metro_slug = $1`,
      [metroSlug, asOf, SCORE_PROFILE],
    );
    return new Map(
      rows.map((r) => [
        r.h3_index,
        {
          notifiedComposite: r.notified_composite,
          snapshotDate: r.snapshot_date,
          snapshotComposite: r.snapshot_composite,
        },
      ]),
    );
  }

  /** Upserts the current res-8 scores; first_scored_at and robustness columns are kept. */
  async upsertCellScores(
    metroSlug: string,
    runId: string,
    cells: readonly ScoredCellWrite[],
  ): Promise<void> {
    if (cells.length === 0) return;
    const s = signalArrays(8);
    await this.db.query(
      `INSERT INTO cell_scores (h3_index, metro_slug, composite, confidence, ${SIGNAL_COLUMNS},
         score_run_id, scored_at, composite_r7, notified_composite)
       SELECT u.h3_index, $1, u.composite, u.confidence, ${s.select}, $2, now(), u.composite_r7,
         u.notified_composite
       FROM unnest($3::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], ${s.params})
         AS u(h3_index, composite, confidence, composite_r7, notified_composite, ${s.alias})
       ON CONFLICT (h3_index) DO UPDATE SET metro_slug = EXCLUDED.metro_slug,
         composite = EXCLUDED.composite, confidence = EXCLUDED.confidence, ${SIGNAL_UPDATES},
         score_run_id = EXCLUDED.score_run_id, scored_at = EXCLUDED.scored_at,
         composite_r7 = EXCLUDED.composite_r7, notified_composite = EXCLUDED.notified_composite`,
      [
        metroSlug,
        runId,
        cells.map((c) => c.score.h3Index),
        cells.map((c) => c.score.composite),
        cells.map((c) => c.score.confidence),
        cells.map((c) => c.compositeR7),
        cells.map((c) => c.notifiedComposite),
        ...signalColumns(cells.map((c) => c.score)),
      ],
    );
  }

  async upsertR7Scores(
    metroSlug: string,
    runId: string,
    scores: readonly CellScore[],
  ): Promise<void> {
    if (scores.length === 0) return;
    const s = signalArrays(6);
    await this.db.query(
      `INSERT INTO cell_scores_r7 (h3_r7, metro_slug, composite, confidence, ${SIGNAL_COLUMNS},
         score_run_id)
       SELECT u.h3_r7, $1, u.composite, u.confidence, ${s.select}, $2
       FROM unnest($3::text[], $4::float8[], $5::float8[], ${s.params})
         AS u(h3_r7, composite, confidence, ${s.alias})
       ON CONFLICT (h3_r7) DO UPDATE SET metro_slug = EXCLUDED.metro_slug,
         composite = EXCLUDED.composite, confidence = EXCLUDED.confidence, ${SIGNAL_UPDATES},
         score_run_id = EXCLUDED.score_run_id`,
      [
        metroSlug,
        runId,
        scores.map((c) => c.h3Index),
        scores.map((c) => c.composite),
        scores.map((c) => c.confidence),
        ...signalColumns(scores),
      ],
    );
  }

  /** Snapshots of the touched cells for D; a same-day rerun overwrites them. */
  async upsertSnapshots(
    metroSlug: string,
    asOf: string,
    scores: readonly CellScore[],
  ): Promise<void> {
    if (scores.length === 0) return;
    const s = signalArrays(7);
    await this.db.query(
      `INSERT INTO score_snapshots (h3_index, profile, snapshot_date, metro_slug, composite,
         confidence, ${SIGNAL_COLUMNS})
       SELECT u.h3_index, $3, $2::date, $1, u.composite, u.confidence, ${s.select}
       FROM unnest($4::text[], $5::float8[], $6::float8[], ${s.params})
         AS u(h3_index, composite, confidence, ${s.alias})
       ON CONFLICT (h3_index, profile, snapshot_date) DO UPDATE SET
         metro_slug = EXCLUDED.metro_slug, composite = EXCLUDED.composite,
         confidence = EXCLUDED.confidence, ${SIGNAL_UPDATES}`,
      [
        metroSlug,
        asOf,
        SCORE_PROFILE,
        scores.map((c) => c.h3Index),
        scores.map((c) => c.composite),
        scores.map((c) => c.confidence),
        ...signalColumns(scores),
      ],
    );
  }

  /** The metro's trend point for D: mean composite and count of that date's snapshot rows. */
  async upsertMetroDaily(metroSlug: string, asOf: string): Promise<void> {
    await this.db.query(
      `INSERT INTO score_snapshot_metro_daily (metro_slug, profile, snapshot_date, avg_composite, cells)
       SELECT $1, $3, $2::date, avg(composite), count(*)
       FROM score_snapshots
       WHERE metro_slug = $1 AND profile = $3 AND snapshot_date = $2::date AND composite IS NOT NULL
       HAVING count(*) > 0
       ON CONFLICT (metro_slug, profile, snapshot_date) DO UPDATE SET
         avg_composite = EXCLUDED.avg_composite, cells = EXCLUDED.cells`,
      [metroSlug, asOf, SCORE_PROFILE],
    );
  }
}
