import type { SqlRunner } from '@platform/database';

/** A member's last_score at or above this is "above threshold"; crossing it raises an alert. */
export const SCORE_THRESHOLD = 70;

/** How many of the largest moves a monitor report lists. */
export const REPORT_MOVERS = 5;

/** A portfolio as every dashboard route and the monitor report show it. */
export interface PortfolioSummary {
  id: string;
  name: string;
  /** Mean last_score of the scored members, rounded half up; null when none is scored. */
  composite_score: number | null;
  member_count: number;
  scored_count: number;
  above_threshold_count: number;
  below_threshold_count: number;
  last_refreshed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A scored member whose last_score changed in a refresh (first scorings included). */
export interface MemberScoreChange {
  member_id: string;
  name: string;
  h3_index: string;
  /** null when the member had never been scored before. */
  previous_score: number | null;
  score: number;
}

/** The `data` of one `alert.triggered` event. */
export interface AlertTriggeredData {
  portfolio_id: string;
  portfolio_name: string;
  member_id: string;
  member_name: string;
  h3_index: string;
  previous_score: number;
  score: number;
  threshold: typeof SCORE_THRESHOLD;
  direction: 'crossed_below' | 'crossed_above';
}

export interface MonitorReportMover {
  member_id: string;
  name: string;
  previous_score: number;
  score: number;
}

/** The `data` of one `monitor.report` event. */
export interface MonitorReportData {
  portfolio_id: string;
  portfolio_name: string;
  refreshed_at: string;
  member_count: number;
  scored_count: number;
  composite_score: number | null;
  above_threshold_count: number;
  below_threshold_count: number;
  movers: MonitorReportMover[];
}

/** What one portfolio refresh did. */
export interface PortfolioRefreshResult {
  /** The portfolio's owner (the session `sub`): recipients of its events are this owner's webhooks. */
  userId: string;
  /** Members touched: every member of the portfolio. */
  refreshed: number;
  /** Members whose cell has a current composite (their last_score was set from it). */
  scored: number;
  refreshedAt: string;
  /** The summary after the refresh. */
  portfolio: PortfolioSummary;
  /** Scored members whose last_score changed, in added order. */
  changes: MemberScoreChange[];
  /** One entry per member whose score crossed the threshold (previous score non-null). */
  alerts: AlertTriggeredData[];
  /** The monitor report of this refresh (emitted after every refresh). */
  report: MonitorReportData;
}

/** Monitored locations outside any portfolio, refreshed by the daily run. */
export interface UnassignedRefreshResult {
  refreshed: number;
  scored: number;
}

/** What a refresh of every portfolio did. */
export interface PortfolioRefreshRunResult {
  /** One result per portfolio refreshed, in portfolio id order. */
  portfolios: PortfolioRefreshResult[];
  unassigned: UnassignedRefreshResult;
}

/**
 * Hook for whoever turns refreshes into events. `inTransaction` runs inside the refresh's own
 * transaction after the members were updated, so what it writes (an outbox) commits or rolls back
 * with the scores; `afterCommit` runs once the refresh committed (e.g. to enqueue deliveries), and
 * its failure is logged, not thrown, because the refresh itself succeeded.
 */
export interface PortfolioRefreshListener {
  inTransaction(result: PortfolioRefreshResult, tx: SqlRunner): Promise<void>;
  afterCommit?(result: PortfolioRefreshResult): Promise<void>;
}

/**
 * Injection token of the optional PortfolioRefreshListener. Provide it from a global module, e.g.
 * `{ provide: PORTFOLIO_REFRESH_LISTENER, useExisting: PortfolioEventsWriter }`.
 */
export const PORTFOLIO_REFRESH_LISTENER = Symbol('PORTFOLIO_REFRESH_LISTENER');
