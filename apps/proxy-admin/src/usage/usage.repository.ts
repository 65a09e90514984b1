import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageRecord } from './usage-record';

@Injectable()
export class UsageRepository {
  constructor(private readonly db: DataSource) {}

  /** One statement for the whole batch: arrays per column, unnested server-side. */
  async insertBatch(rows: UsageRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const col = <T>(pick: (r: UsageRecord) => T): T[] => rows.map(pick);
    await this.db.query(
      `INSERT INTO proxy_requests (id, key_id, team_id, session_id, requested_model, resolved_model, stream,
         prompt_tokens, completion_tokens, cost_micro_usd, upstream_latency_ms, overhead_ms, status, error_code,
         prefix_hash, last_user_hash, started_at, finished_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[],
         $8::int[], $9::int[], $10::bigint[], $11::int[], $12::real[], $13::int[], $14::text[],
         $15::char(64)[], $16::char(64)[], $17::timestamptz[], $18::timestamptz[])
       ON CONFLICT (id) DO NOTHING`,
      [
        col((r) => r.id),
        col((r) => r.keyId),
        col((r) => r.teamId),
        col((r) => r.sessionId),
        col((r) => r.requestedModel),
        col((r) => r.resolvedModel),
        col((r) => r.stream),
        col((r) => r.promptTokens),
        col((r) => r.completionTokens),
        col((r) => r.costMicroUsd),
        col((r) => r.upstreamLatencyMs),
        col((r) => r.overheadMs),
        col((r) => r.status),
        col((r) => r.errorCode),
        col((r) => r.prefixHash),
        col((r) => r.lastUserHash),
        // ISO text, not Date: pg formats Dates field by field, toISOString is native.
        col((r) => r.startedAt.toISOString()),
        col((r) => r.finishedAt.toISOString()),
      ],
    );
  }
}
