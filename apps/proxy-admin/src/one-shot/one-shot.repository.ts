import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One primary model's sessions of a team (bigint sums as text). */
export interface ModelGroupRow {
  model: string | null;
  sessions: string;
  turns: string;
  edit_retry_turns: string;
  total_cost_micro_usd: string;
  web_search_calls: string;
}

@Injectable()
export class OneShotRepository {
  constructor(private readonly db: DataSource) {}

  /** The team's sessions with a request since `since`, grouped by primary model. */
  byPrimaryModel(teamId: string, since: Date): Promise<ModelGroupRow[]> {
    return this.db.query<ModelGroupRow[]>(
      `SELECT primary_model AS model, count(*) AS sessions, sum(turns) AS turns,
              sum(edit_retry_turns) AS edit_retry_turns,
              sum(total_cost_micro_usd) AS total_cost_micro_usd,
              sum(web_search_calls) AS web_search_calls
         FROM session_metrics
        WHERE team_id = $1 AND last_request_at >= $2
        GROUP BY primary_model`,
      [teamId, since.toISOString()],
    );
  }
}
