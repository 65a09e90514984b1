import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageRecord } from './usage-record';
import { INSERT_BATCH_SQL, LOCK_SESSIONS_SQL } from './usage-batch.sql';

@Injectable()
export class UsageRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * One transaction per batch: lock its sessions, then one statement inserts the rows (arrays
   * per column, unnested server-side), flags edits/retries and upserts the touched sessions.
   */
  async insertBatch(rows: UsageRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const sessions = [...new Set(rows.map((r) => `${r.teamId ?? ''} ${r.sessionId}`))];
    await this.db.transaction(async (tx) => {
      // The batch statement's estimate grows with the table (the edit/retry probe), past JIT's
      // threshold: compiling it took about 60 of 85 ms per 1,000 rows with 2.5 M rows recorded.
      // Its per-row work is short, so JIT never pays back here.
      await tx.query('SET LOCAL jit = off');
      await tx.query(LOCK_SESSIONS_SQL, [sessions]);
      await tx.query(INSERT_BATCH_SQL, batchParameters(rows));
    });
  }
}

/** The batch as one array per column, in the order of BATCH_COLUMNS. */
export function batchParameters(rows: UsageRecord[]): unknown[][] {
  const col = <T>(pick: (r: UsageRecord) => T): T[] => rows.map(pick);
  return [
    col((r) => r.id),
    col((r) => r.keyId),
    col((r) => r.teamId),
    col((r) => r.sessionId),
    col((r) => r.requestedModel),
    col((r) => r.resolvedModel),
    col((r) => r.presetSlug ?? null),
    col((r) => r.presetVersion ?? null),
    col((r) => r.stream),
    col((r) => r.promptTokens),
    col((r) => r.completionTokens),
    col((r) => r.costMicroUsd),
    col((r) => r.webSearchCalls ?? 0),
    col((r) => r.surchargeMicroUsd ?? 0),
    col((r) => r.upstreamLatencyMs),
    col((r) => r.overheadMs),
    col((r) => r.status),
    col((r) => r.errorCode),
    col((r) => r.prefixHash),
    col((r) => r.lastUserHash),
    // ISO text, not Date: pg formats Dates field by field, toISOString is native.
    col((r) => r.startedAt.toISOString()),
    col((r) => r.finishedAt.toISOString()),
  ];
}
