import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import { PortfolioSummary, SCORE_THRESHOLD } from './portfolio-refresh.types';

interface SummaryRow {
  id: string;
  user_id: string;
  name: string;
  composite_score: number | null;
  member_count: number;
  scored_count: number;
  above_threshold_count: number;
  below_threshold_count: number;
  last_refreshed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface OwnedPortfolioSummary extends PortfolioSummary {
  user_id: string;
}

// The mean is rounded as numeric: half away from zero, which is half up for scores (≥ 0).
const SUMMARY_SELECT = `
  SELECT p.id, p.user_id, p.name, p.created_at, p.updated_at, p.last_refreshed_at,
    count(m.id)::int AS member_count,
    count(m.last_score)::int AS scored_count,
    (count(*) FILTER (WHERE m.last_score >= ${SCORE_THRESHOLD}))::int AS above_threshold_count,
    (count(*) FILTER (WHERE m.last_score < ${SCORE_THRESHOLD}))::int AS below_threshold_count,
    round(avg(m.last_score)::numeric)::int AS composite_score
  FROM portfolios p LEFT JOIN monitored_locations m ON m.portfolio_id = p.id`;

function toSummary(row: SummaryRow): OwnedPortfolioSummary {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    composite_score: row.composite_score,
    member_count: row.member_count,
    scored_count: row.scored_count,
    above_threshold_count: row.above_threshold_count,
    below_threshold_count: row.below_threshold_count,
    last_refreshed_at: row.last_refreshed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Portfolio summaries (member counts, threshold counts, composite score) computed from members. */
@Injectable()
export class PortfolioSummariesRepository extends TransactionalRepository {
  /** One portfolio by id (whoever owns it); undefined when it does not exist. */
  async byId(portfolioId: string): Promise<OwnedPortfolioSummary | undefined> {
    const rows = await this.db.query<SummaryRow[]>(
      `${SUMMARY_SELECT} WHERE p.id = $1 GROUP BY p.id`,
      [portfolioId],
    );
    return rows[0] === undefined ? undefined : toSummary(rows[0]);
  }

  /** Every portfolio of a user, newest first. */
  async ofUser(userId: string): Promise<OwnedPortfolioSummary[]> {
    const rows = await this.db.query<SummaryRow[]>(
      `${SUMMARY_SELECT} WHERE p.user_id = $1 GROUP BY p.id ORDER BY p.created_at DESC, p.id DESC`,
      [userId],
    );
    return rows.map(toSummary);
  }
}

/** The summary without its owner, as routes and reports show it. */
export function publicSummary(summary: OwnedPortfolioSummary): PortfolioSummary {
  const { user_id: _owner, ...rest } = summary;
  return rest;
}
