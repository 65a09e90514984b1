import { Injectable } from '@nestjs/common';
import { firstRow, type SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';
import { VirtualKey } from './virtual-key';

interface KeyRow {
  id: string;
  team_id: string | null;
  alias: string;
  key_prefix: string;
  allowed_models: string[] | null;
  expires_at: Date | null;
  rpm: number | null;
  tpm: number | null;
  monthly_budget_micro_usd: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = `id, team_id, alias, key_prefix, allowed_models, expires_at, rpm, tpm,
  monthly_budget_micro_usd, metadata, created_at, revoked_at, last_used_at`;

function toKey(row: KeyRow): VirtualKey {
  return {
    id: row.id,
    teamId: row.team_id,
    alias: row.alias,
    keyPrefix: row.key_prefix,
    allowedModels: row.allowed_models,
    expiresAt: row.expires_at,
    rpm: row.rpm,
    tpm: row.tpm,
    monthlyBudgetMicroUsd:
      row.monthly_budget_micro_usd === null ? null : Number(row.monthly_budget_micro_usd),
    metadata: row.metadata,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export interface NewKey {
  teamId: string | null;
  alias: string;
  hash: string;
  prefix: string;
  allowedModels: string[] | null;
  expiresAt: Date | null;
  rpm: number | null;
  tpm: number | null;
  monthlyBudgetMicroUsd: number | null;
  metadata: Record<string, string>;
}

export interface KeyPageQuery {
  teamId?: string;
  limit: number;
  /** Keyset position: rows strictly older than this (created_at, id). */
  after?: { createdAt: string; id: string };
}

const CREATED_AT_TEXT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class KeysRepository {
  constructor(private readonly db: DataSource) {}

  /** `runner`: a transaction the key must be part of (the device flow's exactly-once issue). */
  async insert(key: NewKey, runner: SqlRunner = this.db): Promise<VirtualKey> {
    const rows = (await runner.query(
      `INSERT INTO virtual_keys (team_id, alias, key_hash, key_prefix, allowed_models, expires_at, rpm, tpm,
         monthly_budget_micro_usd, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${COLUMNS}`,
      [
        key.teamId,
        key.alias,
        key.hash,
        key.prefix,
        key.allowedModels,
        key.expiresAt,
        key.rpm,
        key.tpm,
        key.monthlyBudgetMicroUsd,
        key.metadata,
      ],
    )) as KeyRow[];
    return toKey(firstRow(rows));
  }

  async findByHash(hash: string): Promise<VirtualKey | undefined> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM virtual_keys WHERE key_hash = $1`, [
      hash,
    ])) as KeyRow[];
    return rows[0] ? toKey(rows[0]) : undefined;
  }

  async findById(id: string): Promise<VirtualKey | undefined> {
    if (!UUID.test(id)) return undefined;
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM virtual_keys WHERE id = $1`, [
      id,
    ])) as KeyRow[];
    return rows[0] ? toKey(rows[0]) : undefined;
  }

  /** Sets revoked_at once; revoking again keeps the first time. */
  async revoke(id: string): Promise<VirtualKey | undefined> {
    if (!UUID.test(id)) return undefined;
    const rows = (await this.db.query(
      `UPDATE virtual_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    )) as [KeyRow[], number];
    const updated = rows[0];
    return updated[0] ? toKey(updated[0]) : undefined;
  }

  /**
   * One page, newest first; fetches limit + 1 rows so the caller knows whether more follow.
   * Each key comes with its position as text with microseconds (a JS Date would round it).
   */
  async page(
    query: KeyPageQuery,
  ): Promise<{ key: VirtualKey; position: { createdAt: string; id: string } }[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.teamId !== undefined) {
      params.push(query.teamId);
      where.push(`team_id = $${params.length}`);
    }
    if (query.after) {
      params.push(query.after.createdAt, query.after.id);
      where.push(
        `(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`,
      );
    }
    params.push(query.limit + 1);
    const rows = (await this.db.query(
      `SELECT ${COLUMNS}, ${CREATED_AT_TEXT} AS position
       FROM virtual_keys ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    )) as (KeyRow & { position: string })[];
    return rows.map((row) => ({
      key: toKey(row),
      position: { createdAt: row.position, id: row.id },
    }));
  }

  /** Records last use from a usage batch; never moves it backwards. */
  async touchLastUsed(lastUsed: Map<string, Date>): Promise<void> {
    if (lastUsed.size === 0) return;
    await this.db.query(
      `UPDATE virtual_keys k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.at), u.at)
       FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at) WHERE k.id = u.id`,
      [[...lastUsed.keys()], [...lastUsed.values()]],
    );
  }
}
