import { Injectable } from '@nestjs/common';
import { firstRow } from '@platform/database';
import { DataSource } from 'typeorm';

export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface ApiKeyRow {
  id: string;
  owner_id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, owner_id, name, prefix, created_at, last_used_at, revoked_at';

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** SQL of the api_keys table. Only digests are stored, never keys. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(key: {
    ownerId: string;
    name: string;
    digest: Buffer;
    prefix: string;
  }): Promise<ApiKeyRecord> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `INSERT INTO api_keys (owner_id, name, key_sha256, prefix) VALUES ($1, $2, $3, $4)
       RETURNING ${COLUMNS}`,
      [key.ownerId, key.name, key.digest, key.prefix],
    );
    return toRecord(firstRow(rows));
  }

  async list(ownerId?: string): Promise<ApiKeyRecord[]> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM api_keys WHERE $1::text IS NULL OR owner_id = $1
       ORDER BY created_at DESC, id DESC`,
      [ownerId ?? null],
    );
    return rows.map(toRecord);
  }

  /** The active (not revoked) key with this digest. */
  async findActiveByDigest(digest: Buffer): Promise<ApiKeyRecord | undefined> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM api_keys WHERE key_sha256 = $1 AND revoked_at IS NULL`,
      [digest],
    );
    return rows[0] && toRecord(rows[0]);
  }

  /** Revokes by id; undefined when no such key exists. Revoking twice keeps the first time. */
  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    // TypeORM answers an UPDATE with [returned rows, affected count].
    const [rows]: [ApiKeyRow[], number] = await this.dataSource.query(
      `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
       RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] && toRecord(rows[0]);
  }

  /** At most one write per key per minute, so a busy key does not turn every read into a write. */
  async touchLastUsed(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE api_keys SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }
}
