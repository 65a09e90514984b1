import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions maintained from the usage batches (see docs/proxy-admin/usage-window.md#data):
 * one `session_metrics` row per (team, session), the per-model request counts that keep its
 * primary model current, and the index that finds earlier requests of a turn.
 * Rows already in proxy_requests are folded in once, here, with the recorder's rules.
 */
export class SessionMetrics1764082800000 implements MigrationInterface {
  name = 'SessionMetrics1764082800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // team_key is team_id with '' for keys without a team: X-Session-Id values are chosen by
    // clients, so two teams may use the same one and must still be two sessions.
    await queryRunner.query(`
      CREATE TABLE session_metrics (
        session_id text NOT NULL,
        team_key text NOT NULL,
        team_id text,
        requests integer NOT NULL DEFAULT 0,
        turns integer NOT NULL DEFAULT 0,
        edit_retry_turns integer NOT NULL DEFAULT 0,
        primary_model text,
        total_cost_micro_usd bigint NOT NULL DEFAULT 0,
        web_search_calls integer NOT NULL DEFAULT 0,
        first_request_at timestamptz NOT NULL,
        last_request_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, team_key),
        CHECK (edit_retry_turns <= turns AND turns <= requests)
      )`);
    // Read backwards for ORDER BY last_request_at DESC, session_id DESC, team_key DESC.
    await queryRunner.query(
      'CREATE INDEX session_metrics_window ON session_metrics (last_request_at, session_id, team_key)',
    );
    await queryRunner.query(
      'CREATE INDEX session_metrics_team_time ON session_metrics (team_id, last_request_at)',
    );
    await queryRunner.query(`
      CREATE TABLE session_model_counts (
        session_id text NOT NULL,
        team_key text NOT NULL,
        model text NOT NULL,
        requests integer NOT NULL,
        last_request_at timestamptz NOT NULL,
        last_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, team_key, model)
      )`);
    // Recording order, to break primary-model ties between requests of the same instant.
    await queryRunner.query('CREATE SEQUENCE session_model_counts_seq');
    await queryRunner.query(
      'CREATE INDEX proxy_requests_session_prefix ON proxy_requests (session_id, prefix_hash)',
    );
    await this.backfill(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX proxy_requests_session_prefix');
    await queryRunner.query('DROP SEQUENCE session_model_counts_seq');
    await queryRunner.query('DROP TABLE session_model_counts');
    await queryRunner.query('DROP TABLE session_metrics');
  }

  /** Flags and aggregates the rows recorded before this migration (none on a new install). */
  private async backfill(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE proxy_requests p SET is_edit_retry = true
        FROM (SELECT id, row_number() OVER (
                PARTITION BY coalesce(team_id, ''), session_id, prefix_hash
                ORDER BY started_at, id) AS nth
                FROM proxy_requests
               WHERE prefix_hash IS NOT NULL AND status BETWEEN 200 AND 299) r
       WHERE p.id = r.id AND r.nth > 1`);
    await queryRunner.query(`
      INSERT INTO session_model_counts (session_id, team_key, model, requests, last_request_at)
      SELECT session_id, coalesce(team_id, ''), coalesce(resolved_model, requested_model),
             count(*), max(started_at)
        FROM proxy_requests
       GROUP BY 1, 2, 3`);
    await queryRunner.query(`
      INSERT INTO session_metrics (session_id, team_key, team_id, requests, turns, edit_retry_turns,
             primary_model, total_cost_micro_usd, web_search_calls, first_request_at, last_request_at)
      SELECT p.session_id, coalesce(p.team_id, ''), max(p.team_id), count(*),
             count(*) FILTER (WHERE p.status BETWEEN 200 AND 299),
             count(*) FILTER (WHERE p.is_edit_retry), pm.model,
             sum(p.cost_micro_usd + p.surcharge_micro_usd), sum(p.web_search_calls),
             min(p.started_at), max(p.started_at)
        FROM proxy_requests p
        JOIN (SELECT DISTINCT ON (session_id, team_key) session_id, team_key, model
                FROM session_model_counts
               ORDER BY session_id, team_key, requests DESC, last_request_at DESC, model) pm
          ON pm.session_id = p.session_id AND pm.team_key = coalesce(p.team_id, '')
       GROUP BY p.session_id, coalesce(p.team_id, ''), pm.model`);
  }
}
