import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import type { MemberRefresh } from './refresh-changes';
import type { UnassignedRefreshResult } from './portfolio-refresh.types';

export interface LockedPortfolio {
  id: string;
  user_id: string;
  name: string;
}

/** The SQL of portfolio refreshes; each statement runs in the caller's transaction. */
@Injectable()
export class PortfolioRefreshRepository extends TransactionalRepository {
  /**
   * Locks the portfolio row for the rest of the transaction, so a refresh never interleaves with
   * another refresh, a member insert or a delete of the same portfolio.
   */
  async lock(portfolioId: string): Promise<LockedPortfolio | undefined> {
    const rows = await this.db.query<LockedPortfolio[]>(
      'SELECT id, user_id, name FROM portfolios WHERE id = $1 FOR UPDATE',
      [portfolioId],
    );
    return rows[0];
  }

  /**
   * One UPDATE … FROM cell_scores: every member whose cell has a current composite takes it as
   * last_score. The CTE reading the members sees the statement's snapshot, i.e. the scores from
   * before the update, so each row carries its previous and its new score (null: not scored,
   * left as it was).
   */
  async refreshMembers(portfolioId: string, now: Date): Promise<MemberRefresh[]> {
    return this.db.query<MemberRefresh[]>(
      `WITH members AS (
         SELECT id, name, h3_index, last_score AS previous_score, seq
         FROM monitored_locations WHERE portfolio_id = $1
       ), scored AS (
         UPDATE monitored_locations m SET last_score = s.composite, last_scored_at = $2
         FROM cell_scores s
         WHERE m.portfolio_id = $1 AND s.h3_index = m.h3_index AND s.composite IS NOT NULL
         RETURNING m.id, m.last_score AS score
       )
       SELECT members.id AS member_id, members.name, members.h3_index, members.previous_score,
         scored.score
       FROM members LEFT JOIN scored USING (id)
       ORDER BY members.seq`,
      [portfolioId, now],
    );
  }

  async markRefreshed(portfolioId: string, now: Date): Promise<void> {
    await this.db.query('UPDATE portfolios SET last_refreshed_at = $2 WHERE id = $1', [
      portfolioId,
      now,
    ]);
  }

  /** The same refresh for every monitored location outside a portfolio (all users). */
  async refreshUnassigned(now: Date): Promise<UnassignedRefreshResult> {
    const rows = await this.db.query<{ refreshed: number; scored: number }[]>(
      `WITH scored AS (
         UPDATE monitored_locations m SET last_score = s.composite, last_scored_at = $1
         FROM cell_scores s
         WHERE m.portfolio_id IS NULL AND s.h3_index = m.h3_index AND s.composite IS NOT NULL
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM monitored_locations WHERE portfolio_id IS NULL)::int
           AS refreshed,
         (SELECT count(*) FROM scored)::int AS scored`,
      [now],
    );
    return rows[0] ?? { refreshed: 0, scored: 0 };
  }

  /** Portfolio ids in id order after `afterId` (keyset batches of a whole-table run). */
  async idsAfter(afterId: string | null, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM portfolios WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.id);
  }
}
