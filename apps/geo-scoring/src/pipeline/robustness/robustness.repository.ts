// SQL of the robustness classifier (see docs/geo-scoring/scoring-engine.md#robustness-classifier):
// the res-8 scores beside their res-7 parents in, classes out (one unnest() UPDATE), plus the
// robustness_runs bookkeeping.
import { SIGNAL_GROUPS, SignalVector } from '@platform/geo-domain';
import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

export interface ClassifierCell {
  h3Index: string;
  composite: number | null;
  signals: SignalVector;
  /** First scored after the previous classifier run started: left unclassified. */
  newSincePreviousRun: boolean;
  /** null = the parent has no cell_scores_r7 row. */
  parent: { composite: number | null; signals: SignalVector } | null;
}

export interface ClassifiedCell {
  h3Index: string;
  robustnessClass: string | null;
  supportStability: number | null;
}

type Row = Record<string, number | string | boolean | null>;

function vector(row: Row, prefix: string): SignalVector {
  return Object.fromEntries(
    SIGNAL_GROUPS.map((g) => [g, row[`${prefix}${g}`] as number | null]),
  ) as unknown as SignalVector;
}

@Injectable()
export class RobustnessRepository extends TransactionalRepository {
  /** Serialises classifier runs (a job and `tools geo classify` may overlap). */
  async lock(): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('geo:robustness-classify'))`);
  }

  async latestFingerprints(): Promise<{
    scoreRunId: string | null;
    scoreFingerprint: string | null;
    robustnessFingerprint: string | null;
  }> {
    const [row] = await rowsOf<{
      score_run_id: string | null;
      score_fingerprint: string | null;
      robustness_fingerprint: string | null;
    }>(
      this.db,
      `SELECT s.id AS score_run_id, s.engine_fingerprint AS score_fingerprint,
         (SELECT engine_fingerprint FROM robustness_runs WHERE finished_at IS NOT NULL
          ORDER BY id DESC LIMIT 1) AS robustness_fingerprint
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT id, engine_fingerprint FROM score_runs WHERE status = 'succeeded'
         ORDER BY id DESC LIMIT 1) s ON true`,
    );
    return {
      scoreRunId: row.score_run_id === null ? null : String(row.score_run_id),
      scoreFingerprint: row.score_fingerprint,
      robustnessFingerprint: row.robustness_fingerprint,
    };
  }

  /** started_at of the latest finished classifier run (null: none yet). */
  async previousRunStartedAt(): Promise<Date | null> {
    const rows = await rowsOf<{ started_at: Date }>(
      this.db,
      `SELECT started_at FROM robustness_runs WHERE finished_at IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
    );
    return rows[0]?.started_at ?? null;
  }

  async startRun(fingerprint: string, scoreRunId: string | null): Promise<string> {
    const [row] = await rowsOf<{ id: string }>(
      this.db,
      `INSERT INTO robustness_runs (engine_fingerprint, score_run_id) VALUES ($1, $2) RETURNING id`,
      [fingerprint, scoreRunId],
    );
    return String(row.id);
  }

  async loadCells(previousStartedAt: Date | null): Promise<ClassifierCell[]> {
    const own = SIGNAL_GROUPS.map((g) => `cs.${g} AS c_${g}`).join(', ');
    const parent = SIGNAL_GROUPS.map((g) => `r7.${g} AS p_${g}`).join(', ');
    const rows = await rowsOf<Row>(
      this.db,
      `SELECT cs.h3_index, cs.composite AS c_composite, ${own},
         ($1::timestamptz IS NOT NULL AND cs.first_scored_at > $1::timestamptz) AS is_new,
         r7.h3_r7 IS NOT NULL AS has_parent, r7.composite AS p_composite, ${parent}
       FROM cell_scores cs
       JOIN cells c ON c.h3_index = cs.h3_index
       LEFT JOIN cell_scores_r7 r7 ON r7.h3_r7 = c.h3_r7
       ORDER BY cs.h3_index`,
      [previousStartedAt],
    );
    return rows.map((r) => ({
      h3Index: r.h3_index as string,
      composite: r.c_composite as number | null,
      signals: vector(r, 'c_'),
      newSincePreviousRun: r.is_new === true,
      parent: r.has_parent
        ? { composite: r.p_composite as number | null, signals: vector(r, 'p_') }
        : null,
    }));
  }

  async writeClasses(runId: string, cells: readonly ClassifiedCell[]): Promise<void> {
    if (cells.length === 0) return;
    await this.db.query(
      `UPDATE cell_scores cs SET robustness_class = u.robustness_class,
         support_stability = u.support_stability, robustness_run_id = $1
       FROM unnest($2::text[], $3::text[], $4::float8[])
         AS u(h3_index, robustness_class, support_stability)
       WHERE cs.h3_index = u.h3_index`,
      [
        runId,
        cells.map((c) => c.h3Index),
        cells.map((c) => c.robustnessClass),
        cells.map((c) => c.supportStability),
      ],
    );
  }

  async finishRun(
    runId: string,
    counts: { classified: number; unclassified: number },
  ): Promise<void> {
    await this.db.query(
      `UPDATE robustness_runs SET classified = $2, unclassified = $3, finished_at = clock_timestamp()
       WHERE id = $1`,
      [runId, counts.classified, counts.unclassified],
    );
  }
}
