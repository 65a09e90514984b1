import { Injectable } from '@nestjs/common';
import { changedRowsOf, rowsOf, type SqlRunner } from '@platform/database';
import type { ServerMetadata } from 'openid-client';
import { DataSource } from 'typeorm';
import type { IdpConnection, IdpProvider } from './idp-connection';

interface ConnectionRow {
  id: string;
  team_id: string;
  provider: IdpProvider;
  login_domain: string;
  issuer: string;
  client_id: string;
  client_secret_ciphertext: Buffer;
  client_secret_key_id: string;
  enabled: boolean;
  discovery: ServerMetadata;
  discovered_at: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, team_id, provider, login_domain, issuer, client_id, client_secret_ciphertext,
  client_secret_key_id, enabled, discovery, discovered_at, created_at, updated_at`;

function toConnection(row: ConnectionRow): IdpConnection {
  return {
    id: row.id,
    teamId: row.team_id,
    provider: row.provider,
    loginDomain: row.login_domain,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretCiphertext: row.client_secret_ciphertext,
    clientSecretKeyId: row.client_secret_key_id,
    enabled: row.enabled,
    discovery: row.discovery,
    discoveredAt: row.discovered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type NewIdpConnection = Omit<IdpConnection, 'enabled' | 'createdAt' | 'updatedAt'>;

/** Changes of a PATCH; absent fields stay as they are. */
export interface IdpConnectionChanges {
  issuer?: string;
  discovery?: ServerMetadata;
  discoveredAt?: Date;
  clientId?: string;
  clientSecretCiphertext?: Buffer;
  clientSecretKeyId?: string;
  enabled?: boolean;
}

@Injectable()
export class IdpConnectionsRepository {
  constructor(private readonly db: DataSource) {}

  /** The new row, or undefined when its login domain is already registered. */
  async insert(connection: NewIdpConnection, now: Date): Promise<IdpConnection | undefined> {
    const rows = await rowsOf<ConnectionRow>(
      this.db,
      `INSERT INTO idp_connections (id, team_id, provider, login_domain, issuer, client_id,
         client_secret_ciphertext, client_secret_key_id, discovery, discovered_at, created_at,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
       ON CONFLICT (login_domain) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        connection.id,
        connection.teamId,
        connection.provider,
        connection.loginDomain,
        connection.issuer,
        connection.clientId,
        connection.clientSecretCiphertext,
        connection.clientSecretKeyId,
        JSON.stringify(connection.discovery),
        connection.discoveredAt,
        now,
      ],
    );
    return rows[0] && toConnection(rows[0]);
  }

  async findByDomain(loginDomain: string): Promise<IdpConnection | undefined> {
    const rows = await rowsOf<ConnectionRow>(
      this.db,
      `SELECT ${COLUMNS} FROM idp_connections WHERE login_domain = $1`,
      [loginDomain],
    );
    return rows[0] && toConnection(rows[0]);
  }

  /** The connection when it exists and belongs to the team (another team's reads as missing). */
  async findForTeam(id: string, teamId: string): Promise<IdpConnection | undefined> {
    const rows = await rowsOf<ConnectionRow>(
      this.db,
      `SELECT ${COLUMNS} FROM idp_connections WHERE id = $1 AND team_id = $2`,
      [id, teamId],
    );
    return rows[0] && toConnection(rows[0]);
  }

  async findById(id: string): Promise<IdpConnection | undefined> {
    const rows = await rowsOf<ConnectionRow>(
      this.db,
      `SELECT ${COLUMNS} FROM idp_connections WHERE id = $1`,
      [id],
    );
    return rows[0] && toConnection(rows[0]);
  }

  /** A team's connections (every team's without one), oldest first. */
  async list(teamId: string | undefined): Promise<IdpConnection[]> {
    const rows = await rowsOf<ConnectionRow>(
      this.db,
      `SELECT ${COLUMNS} FROM idp_connections
       WHERE $1::text IS NULL OR team_id = $1
       ORDER BY created_at, id`,
      [teamId ?? null],
    );
    return rows.map(toConnection);
  }

  /**
   * Applies a PATCH. Disabling also fails the connection's live device authorizations in the
   * same transaction, as a delete does: an approved code must not yield a key afterwards.
   */
  async update(
    id: string,
    teamId: string,
    changes: IdpConnectionChanges,
    now: Date,
  ): Promise<IdpConnection | undefined> {
    return this.db.transaction(async (manager) => {
      const updated = await this.updateRow(manager, id, teamId, changes, now);
      if (updated !== undefined && changes.enabled === false)
        await failLiveAuthorizations(manager, id);
      return updated;
    });
  }

  private async updateRow(
    runner: SqlRunner,
    id: string,
    teamId: string,
    changes: IdpConnectionChanges,
    now: Date,
  ): Promise<IdpConnection | undefined> {
    const rows = await changedRowsOf<ConnectionRow>(
      runner,
      `UPDATE idp_connections SET
         issuer = COALESCE($3, issuer),
         discovery = COALESCE($4::jsonb, discovery),
         discovered_at = COALESCE($5, discovered_at),
         client_id = COALESCE($6, client_id),
         client_secret_ciphertext = COALESCE($7, client_secret_ciphertext),
         client_secret_key_id = COALESCE($8, client_secret_key_id),
         enabled = COALESCE($9, enabled),
         updated_at = $10
       WHERE id = $1 AND team_id = $2
       RETURNING ${COLUMNS}`,
      [
        id,
        teamId,
        changes.issuer ?? null,
        changes.discovery === undefined ? null : JSON.stringify(changes.discovery),
        changes.discoveredAt ?? null,
        changes.clientId ?? null,
        changes.clientSecretCiphertext ?? null,
        changes.clientSecretKeyId ?? null,
        changes.enabled ?? null,
        now,
      ],
    );
    return rows[0] && toConnection(rows[0]);
  }

  /**
   * Deletes the connection and, in the same transaction, marks its live device authorizations
   * so their next poll answers invalid_grant. Keys already issued stay. False when not found.
   */
  async delete(id: string, teamId: string): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const found = await rowsOf<{ id: string }>(
        manager,
        'SELECT id FROM idp_connections WHERE id = $1 AND team_id = $2 FOR UPDATE',
        [id, teamId],
      );
      if (found.length === 0) return false;
      await failLiveAuthorizations(manager, id);
      await manager.query('DELETE FROM idp_connections WHERE id = $1', [id]);
      return true;
    });
  }
}

/** Marks a connection's live device authorizations so their next poll answers invalid_grant. */
async function failLiveAuthorizations(runner: SqlRunner, connectionId: string): Promise<void> {
  await runner.query(
    `UPDATE device_authorizations SET status = 'connection_removed'
     WHERE idp_connection_id = $1 AND status IN ('pending', 'approved')`,
    [connectionId],
  );
}
