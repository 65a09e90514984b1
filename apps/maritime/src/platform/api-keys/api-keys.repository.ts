import { Inject, Injectable } from '@nestjs/common';
import type { Plan } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';
import type { ApiKeyRecord } from './api-key';

interface ApiKeyRow {
  id: string;
  prefix: string;
  name: string;
  owner_id: string;
  plan: Plan;
  analyst: boolean;
  rate_limit_per_min: number | null;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  version: number;
}

const UUID = /^[0-9a-f-]{36}$/i;

const COLUMNS =
  'id, prefix, name, owner_id, plan, analyst, rate_limit_per_min, created_at, revoked_at, last_used_at, version';

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    ownerId: row.owner_id,
    plan: row.plan,
    analyst: row.analyst,
    rateLimitPerMin: row.rate_limit_per_min,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    version: row.version,
  };
}

export interface KeyChange {
  plan?: Plan;
  /** undefined: unchanged; null: back to the plan's rate. */
  rateLimitPerMin?: number | null;
  analyst?: boolean;
}

/** SQL of api_keys. Only SHA-256 digests of keys are stored. */
@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async insert(key: {
    digest: Buffer;
    prefix: string;
    name: string;
    ownerId: string;
    plan: Plan;
    analyst: boolean;
    rateLimitPerMin: number | null;
  }): Promise<ApiKeyRecord> {
    const rows = (await this.db.query(
      `INSERT INTO api_keys (key_sha256, prefix, name, owner_id, plan, analyst, rate_limit_per_min)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [key.digest, key.prefix, key.name, key.ownerId, key.plan, key.analyst, key.rateLimitPerMin],
    )) as ApiKeyRow[];
    return toRecord(rows[0] as ApiKeyRow);
  }

  /** The key with this digest unless revoked. */
  async findActiveByDigest(digest: Buffer): Promise<ApiKeyRecord | undefined> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM api_keys WHERE key_sha256 = $1 AND revoked_at IS NULL`,
      [digest],
    )) as ApiKeyRow[];
    return rows[0] && toRecord(rows[0]);
  }

  async list(ownerId?: string): Promise<ApiKeyRecord[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM api_keys WHERE $1::text IS NULL OR owner_id = $1
       ORDER BY created_at, id`,
      [ownerId ?? null],
    )) as ApiKeyRow[];
    return rows.map(toRecord);
  }

  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    return this.updateOne(id, 'revoked_at = coalesce(revoked_at, now())', []);
  }

  async change(id: string, change: KeyChange): Promise<ApiKeyRecord | undefined> {
    const sets: string[] = [];
    const values: unknown[] = [];
    if (change.plan !== undefined) sets.push(`plan = $${values.push(change.plan) + 1}`);
    if (change.rateLimitPerMin !== undefined)
      sets.push(`rate_limit_per_min = $${values.push(change.rateLimitPerMin) + 1}`);
    if (change.analyst !== undefined) sets.push(`analyst = $${values.push(change.analyst) + 1}`);
    if (sets.length === 0) throw new RangeError('nothing to change');
    return this.updateOne(id, sets.join(', '), values);
  }

  /**
   * Records use at most once a minute per key, off the request's critical path: the column
   * answers "is this key still in use", not an audit trail.
   */
  async touch(id: string): Promise<void> {
    await this.db.query(
      `UPDATE api_keys SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  private async updateOne(
    id: string,
    set: string,
    values: unknown[],
  ): Promise<ApiKeyRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    // Every change raises the version, which is what tells the replicas' caches (see the service).
    const [rows] = (await this.db.query(
      `UPDATE api_keys SET ${set}, version = version + 1 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...values],
    )) as [ApiKeyRow[], number];
    return rows[0] && toRecord(rows[0]);
  }
}
