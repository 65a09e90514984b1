import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Where the previous page ended: its last row's keyset position. */
export interface WindowPosition {
  lastRequestAt: string;
  sessionId: string;
  teamKey: string;
}

/** One page, with its rows already rendered as the response's JSON array by PostgreSQL. */
export interface WindowPage {
  /** Rows found, at most limit + 1 (the extra one only proves another page exists). */
  fetched: number;
  /** JSON array text of the first `limit` rows, in the response's shape. */
  sessions: string;
  /** Keyset position of row `limit`, when there is one. */
  last: WindowPosition | null;
}

interface PageRow {
  fetched: number;
  sessions: string;
  position: string | null;
  session_id: string | null;
  team_key: string | null;
}

const ORDER = 'last_request_at DESC, session_id DESC, team_key DESC';
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Reads session_metrics only (never proxy_requests): one backward range scan of its window
 * index, LIMIT n + 1. PostgreSQL renders the rows as JSON, so the app parses one text value per
 * page instead of 200 rows of dates and numbers (measured: most of the route's time otherwise).
 * The arithmetic is the same IEEE double arithmetic as in JavaScript.
 */
function pageSql(withCursor: boolean): string {
  return `
  WITH page AS (
    SELECT session_id, team_key, team_id, turns, edit_retry_turns, primary_model,
           total_cost_micro_usd, first_request_at, last_request_at,
           row_number() OVER (ORDER BY ${ORDER}) AS rn
      FROM (SELECT * FROM session_metrics
             WHERE last_request_at >= $1 AND last_request_at < $2
             ${withCursor ? 'AND (last_request_at, session_id, team_key) < ($5::timestamptz, $6::text, $7::text)' : ''}
             ORDER BY ${ORDER} LIMIT $3) p
  )
  SELECT (SELECT count(*) FROM page)::int AS fetched,
         (SELECT coalesce(json_agg(r), '[]')::text FROM (
            SELECT session_id, team_id, turns, edit_retry_turns,
                   CASE WHEN turns = 0 THEN NULL ELSE 1 - edit_retry_turns::float8 / turns END
                     AS one_shot_rate,
                   primary_model, total_cost_micro_usd::float8 / 1000000 AS total_cost_usd,
                   to_char(first_request_at AT TIME ZONE 'UTC', ${ISO_MS}) AS first_request_at,
                   to_char(last_request_at AT TIME ZONE 'UTC', ${ISO_MS}) AS last_request_at
              FROM page WHERE rn <= $4 ORDER BY rn) r) AS sessions,
         l.position, l.session_id, l.team_key
    FROM (SELECT 1) one
    LEFT JOIN (SELECT to_char(last_request_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                        AS position, session_id, team_key
                 FROM page WHERE rn = $4) l ON true`;
}

const FIRST_PAGE = pageSql(false);
const NEXT_PAGE = pageSql(true);

@Injectable()
export class SessionsWindowRepository {
  constructor(private readonly db: DataSource) {}

  async page(
    window: { from: string; to: string },
    limit: number,
    after?: WindowPosition,
  ): Promise<WindowPage> {
    const common = [window.from, window.to, limit + 1, limit];
    const [row] = await (after === undefined
      ? this.db.query<PageRow[]>(FIRST_PAGE, common)
      : this.db.query<PageRow[]>(NEXT_PAGE, [
          ...common,
          after.lastRequestAt,
          after.sessionId,
          after.teamKey,
        ]));
    const { fetched, sessions, position, session_id, team_key } = row as PageRow;
    return {
      fetched,
      sessions,
      last:
        position === null || session_id === null || team_key === null
          ? null
          : { lastRequestAt: position, sessionId: session_id, teamKey: team_key },
    };
  }
}
