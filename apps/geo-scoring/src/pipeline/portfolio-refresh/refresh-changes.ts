import {
  AlertTriggeredData,
  MemberScoreChange,
  MonitorReportData,
  MonitorReportMover,
  PortfolioSummary,
  REPORT_MOVERS,
  SCORE_THRESHOLD,
} from './portfolio-refresh.types';

/** A member before and after one refresh. */
export interface MemberRefresh {
  member_id: string;
  name: string;
  h3_index: string;
  previous_score: number | null;
  /** The score the refresh set; null when the member's cell has no current composite. */
  score: number | null;
}

/** Scored members whose last_score is not what it was (first scorings included). */
export function scoreChanges(members: readonly MemberRefresh[]): MemberScoreChange[] {
  const changes: MemberScoreChange[] = [];
  for (const member of members) {
    if (member.score === null || member.score === member.previous_score) continue;
    changes.push({ ...member, score: member.score });
  }
  return changes;
}

/**
 * The alerts of a refresh: members whose score moved across the threshold. A first scoring
 * (no previous score) only sets a baseline, so it never alerts.
 */
export function thresholdCrossings(
  portfolio: Pick<PortfolioSummary, 'id' | 'name'>,
  changes: readonly MemberScoreChange[],
): AlertTriggeredData[] {
  const alerts: AlertTriggeredData[] = [];
  for (const change of changes) {
    const { previous_score: previous, score } = change;
    if (previous === null) continue;
    const wasAbove = previous >= SCORE_THRESHOLD;
    const isAbove = score >= SCORE_THRESHOLD;
    if (wasAbove === isAbove) continue;
    alerts.push({
      portfolio_id: portfolio.id,
      portfolio_name: portfolio.name,
      member_id: change.member_id,
      member_name: change.name,
      h3_index: change.h3_index,
      previous_score: previous,
      score,
      threshold: SCORE_THRESHOLD,
      direction: isAbove ? 'crossed_above' : 'crossed_below',
    });
  }
  return alerts;
}

/**
 * The largest moves of a refresh, by |score − previous score| descending (ties: member id), at
 * most five. Members scored for the first time have no move to report.
 */
export function topMovers(changes: readonly MemberScoreChange[]): MonitorReportMover[] {
  return changes
    .flatMap((change) =>
      change.previous_score === null
        ? []
        : [
            {
              member_id: change.member_id,
              name: change.name,
              previous_score: change.previous_score,
              score: change.score,
            },
          ],
    )
    .sort(
      (a, b) =>
        Math.abs(b.score - b.previous_score) - Math.abs(a.score - a.previous_score) ||
        (a.member_id < b.member_id ? -1 : a.member_id > b.member_id ? 1 : 0),
    )
    .slice(0, REPORT_MOVERS);
}

export function monitorReport(
  portfolio: PortfolioSummary,
  refreshedAt: string,
  changes: readonly MemberScoreChange[],
): MonitorReportData {
  return {
    portfolio_id: portfolio.id,
    portfolio_name: portfolio.name,
    refreshed_at: refreshedAt,
    member_count: portfolio.member_count,
    scored_count: portfolio.scored_count,
    composite_score: portfolio.composite_score,
    above_threshold_count: portfolio.above_threshold_count,
    below_threshold_count: portfolio.below_threshold_count,
    movers: topMovers(changes),
  };
}
