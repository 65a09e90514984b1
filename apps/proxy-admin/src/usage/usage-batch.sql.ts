/**
 * The statements of one usage batch (see docs/proxy-admin/usage-window.md#incremental-upkeep).
 * Both run in one transaction: the first serialises writers of the same sessions across
 * replicas, the second inserts the rows and folds them into session_metrics, set-based.
 */

/**
 * Transaction-scoped advisory locks on the batch's sessions, taken in hash order so two
 * replicas can never deadlock. The two-int4 key space never meets the job locks' bigint keys.
 * $1 = text[] of `<team_key> <session_id>`.
 */
export const LOCK_SESSIONS_SQL = `
  SELECT count(pg_advisory_xact_lock(21077, h)) AS locked
    FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS k ORDER BY 1) s`;

/** Column arrays of the batch, in this order ($1..$22), cast as unnest needs them. */
export const BATCH_COLUMNS = [
  ['id', 'uuid'],
  ['key_id', 'uuid'],
  ['team_id', 'text'],
  ['session_id', 'text'],
  ['requested_model', 'text'],
  ['resolved_model', 'text'],
  ['preset_slug', 'text'],
  ['preset_version', 'int'],
  ['stream', 'boolean'],
  ['prompt_tokens', 'int'],
  ['completion_tokens', 'int'],
  ['cost_micro_usd', 'bigint'],
  ['web_search_calls', 'int'],
  ['surcharge_micro_usd', 'bigint'],
  ['upstream_latency_ms', 'int'],
  ['overhead_ms', 'real'],
  ['status', 'int'],
  ['error_code', 'text'],
  ['prefix_hash', 'char(64)'],
  ['last_user_hash', 'char(64)'],
  ['started_at', 'timestamptz'],
  ['finished_at', 'timestamptz'],
] as const;

const names = BATCH_COLUMNS.map(([name]) => name);
const arrays = BATCH_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');

/**
 * Inserts the batch and maintains session_metrics and session_model_counts for the sessions it
 * touches. A turn is an answered request (2xx). A turn is an edit/retry when an answered request
 * of the same team and session with the same prefix_hash is already recorded, or comes earlier
 * in the batch. Rows already present (a batch written twice) count once: only rows this
 * statement inserted are aggregated. `ord` orders the batch; `seq` breaks primary-model ties
 * between requests of the same instant by recording order.
 */
export const INSERT_BATCH_SQL = `
WITH batch AS (
  SELECT b.*, coalesce(b.team_id, '') AS team_key, b.status BETWEEN 200 AND 299 AS answered
    FROM unnest(${arrays}) WITH ORDINALITY AS b(${names.join(', ')}, ord)
),
flagged AS (
  SELECT b.*,
         b.answered AND b.prefix_hash IS NOT NULL AND (
           row_number() OVER (PARTITION BY b.team_key, b.session_id, b.prefix_hash, b.answered
                              ORDER BY b.ord) > 1
           OR EXISTS (SELECT 1 FROM proxy_requests p
                       WHERE p.session_id = b.session_id AND p.prefix_hash = b.prefix_hash
                         AND p.team_id IS NOT DISTINCT FROM b.team_id AND p.id <> b.id
                         AND p.status BETWEEN 200 AND 299)
         ) AS is_edit_retry
    FROM batch b
),
inserted AS (
  INSERT INTO proxy_requests (${names.join(', ')}, is_edit_retry)
  SELECT ${names.join(', ')}, is_edit_retry FROM flagged ORDER BY ord
  ON CONFLICT (id) DO NOTHING
  RETURNING id
),
ins AS (
  SELECT f.*, coalesce(f.resolved_model, f.requested_model) AS model
    FROM flagged f JOIN inserted USING (id)
),
seq AS (SELECT nextval('session_model_counts_seq') * 10000000 AS base),
model_delta AS (
  SELECT session_id, team_key, model, count(*)::int AS requests,
         max(started_at) AS last_request_at, (SELECT base FROM seq) + max(ord) AS last_seq
    FROM ins GROUP BY session_id, team_key, model
),
counts AS (
  INSERT INTO session_model_counts AS c
         (session_id, team_key, model, requests, last_request_at, last_seq)
  SELECT session_id, team_key, model, requests, last_request_at, last_seq FROM model_delta
  ON CONFLICT (session_id, team_key, model) DO UPDATE
     SET requests = c.requests + EXCLUDED.requests,
         last_request_at = greatest(c.last_request_at, EXCLUDED.last_request_at),
         last_seq = greatest(c.last_seq, EXCLUDED.last_seq)
  RETURNING session_id, team_key, model, requests, last_request_at, last_seq
),
candidates AS (
  SELECT * FROM counts
  UNION ALL
  SELECT c.session_id, c.team_key, c.model, c.requests, c.last_request_at, c.last_seq
    FROM session_model_counts c
    JOIN (SELECT DISTINCT session_id, team_key FROM model_delta) t USING (session_id, team_key)
   WHERE NOT EXISTS (SELECT 1 FROM model_delta d
                      WHERE d.session_id = c.session_id AND d.team_key = c.team_key
                        AND d.model = c.model)
),
primary_models AS (
  SELECT DISTINCT ON (session_id, team_key) session_id, team_key, model
    FROM candidates
   ORDER BY session_id, team_key, requests DESC, last_request_at DESC, last_seq DESC, model
),
session_delta AS (
  SELECT session_id, team_key, max(team_id) AS team_id, count(*)::int AS requests,
         count(*) FILTER (WHERE answered)::int AS turns,
         count(*) FILTER (WHERE is_edit_retry)::int AS edit_retry_turns,
         sum(cost_micro_usd + surcharge_micro_usd)::bigint AS cost,
         sum(web_search_calls)::int AS web_search_calls,
         min(started_at) AS first_request_at, max(started_at) AS last_request_at
    FROM ins GROUP BY session_id, team_key
)
INSERT INTO session_metrics AS m
       (session_id, team_key, team_id, requests, turns, edit_retry_turns, primary_model,
        total_cost_micro_usd, web_search_calls, first_request_at, last_request_at)
SELECT d.session_id, d.team_key, d.team_id, d.requests, d.turns, d.edit_retry_turns, p.model,
       d.cost, d.web_search_calls, d.first_request_at, d.last_request_at
  FROM session_delta d JOIN primary_models p USING (session_id, team_key)
ON CONFLICT (session_id, team_key) DO UPDATE
   SET requests = m.requests + EXCLUDED.requests,
       turns = m.turns + EXCLUDED.turns,
       edit_retry_turns = m.edit_retry_turns + EXCLUDED.edit_retry_turns,
       primary_model = EXCLUDED.primary_model,
       total_cost_micro_usd = m.total_cost_micro_usd + EXCLUDED.total_cost_micro_usd,
       web_search_calls = m.web_search_calls + EXCLUDED.web_search_calls,
       first_request_at = least(m.first_request_at, EXCLUDED.first_request_at),
       last_request_at = greatest(m.last_request_at, EXCLUDED.last_request_at)`;
