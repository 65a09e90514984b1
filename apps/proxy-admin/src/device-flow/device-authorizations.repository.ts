import { Injectable } from '@nestjs/common';
import { changedRowsOf, rowsOf, type SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';
import type { DeviceAuthorization, DeviceAuthorizationStatus } from './device-authorization';

interface AuthorizationRow {
  id: string;
  user_code: string;
  idp_connection_id: string | null;
  team_id: string;
  email: string;
  status: DeviceAuthorizationStatus;
  interval_seconds: number;
  last_polled_at: Date | null;
  expires_at: Date;
  client_ip: string;
  user_agent: string;
  created_at: Date;
}

const COLUMNS = `id, user_code, idp_connection_id, team_id, email, status, interval_seconds,
  last_polled_at, expires_at, client_ip, user_agent, created_at`;

function toAuthorization(row: AuthorizationRow): DeviceAuthorization {
  return {
    id: row.id,
    userCode: row.user_code,
    idpConnectionId: row.idp_connection_id,
    teamId: row.team_id,
    email: row.email,
    status: row.status,
    intervalSeconds: row.interval_seconds,
    lastPolledAt: row.last_polled_at,
    expiresAt: row.expires_at,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  };
}

export interface NewDeviceAuthorization {
  deviceCodeDigest: Buffer;
  userCode: string;
  idpConnectionId: string;
  teamId: string;
  email: string;
  intervalSeconds: number;
  expiresAt: Date;
  clientIp: string;
  userAgent: string;
  createdAt: Date;
}

/** A poll's view of its authorization, after the poll was recorded. */
export interface PolledAuthorization {
  authorization: DeviceAuthorization;
  /** The poll came before the interval had passed: the interval grew by 5 s. */
  tooFast: boolean;
}

/** Rows expired this long ago are purged when new ones are written. */
const RETENTION = '1 day';

@Injectable()
export class DeviceAuthorizationsRepository {
  constructor(private readonly db: DataSource) {}

  /** The stored authorization, or undefined when its user code is already live (pick another). */
  async insert(input: NewDeviceAuthorization): Promise<DeviceAuthorization | undefined> {
    const rows = await rowsOf<AuthorizationRow>(
      this.db,
      `INSERT INTO device_authorizations (device_code_sha256, user_code, idp_connection_id,
         team_id, email, interval_seconds, expires_at, client_ip, user_agent, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (user_code) WHERE status IN ('pending', 'approved') DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        input.deviceCodeDigest,
        input.userCode,
        input.idpConnectionId,
        input.teamId,
        input.email,
        input.intervalSeconds,
        input.expiresAt,
        input.clientIp,
        input.userAgent,
        input.createdAt,
      ],
    );
    return rows[0] && toAuthorization(rows[0]);
  }

  /** Drops a bounded batch of long-expired rows (they only ever answered expired_token). */
  async purgeExpired(now: Date): Promise<void> {
    await this.db.query(
      `DELETE FROM device_authorizations WHERE id IN (
         SELECT id FROM device_authorizations
         WHERE expires_at < $1::timestamptz - interval '${RETENTION}' LIMIT 500)`,
      [now],
    );
  }

  /**
   * Records a poll under a row lock, so concurrent polls of one code are judged one after the
   * other: a pending code polled before `last poll + interval` gets 5 s more interval (RFC 8628
   * 3.5). Undefined for an unknown device code.
   */
  async recordPoll(digest: Buffer, now: Date): Promise<PolledAuthorization | undefined> {
    const rows = await changedRowsOf<AuthorizationRow & { previous_interval: number }>(
      this.db,
      `WITH current AS (
         SELECT id, status, last_polled_at, interval_seconds FROM device_authorizations
         WHERE device_code_sha256 = $1 FOR UPDATE)
       UPDATE device_authorizations d SET
         last_polled_at = $2,
         interval_seconds = CASE
           WHEN c.status = 'pending' AND c.last_polled_at IS NOT NULL
             AND $2::timestamptz < c.last_polled_at + make_interval(secs => c.interval_seconds)
           THEN c.interval_seconds + 5 ELSE c.interval_seconds END
       FROM current c WHERE d.id = c.id
       RETURNING ${COLUMNS.replace(/(\w+)/g, 'd.$1')}, c.interval_seconds AS previous_interval`,
      [digest, now],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      authorization: toAuthorization(row),
      tooFast: row.interval_seconds > row.previous_interval,
    };
  }

  /** The live (pending, unexpired, connection still there) authorization of a user code. */
  findLiveByUserCode(userCode: string, now: Date): Promise<DeviceAuthorization | undefined> {
    return this.findLive('user_code', userCode, now);
  }

  findLiveById(id: string, now: Date): Promise<DeviceAuthorization | undefined> {
    return this.findLive('id', id, now);
  }

  private async findLive(
    column: 'id' | 'user_code',
    value: string,
    now: Date,
  ): Promise<DeviceAuthorization | undefined> {
    const rows = await rowsOf<AuthorizationRow>(
      this.db,
      `SELECT ${COLUMNS} FROM device_authorizations
       WHERE ${column} = $1 AND status = 'pending' AND expires_at > $2
         AND idp_connection_id IS NOT NULL`,
      [value, now],
    );
    return rows[0] && toAuthorization(rows[0]);
  }

  /** Approves or denies a still-live authorization; false when it no longer is. */
  async decide(
    id: string,
    decision: 'approved' | 'denied',
    subject: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await changedRowsOf<{ id: string }>(
      this.db,
      `UPDATE device_authorizations
       SET status = $2, decided_at = $4, signed_in_subject = $3
       WHERE id = $1 AND status = 'pending' AND expires_at > $4
         AND idp_connection_id IS NOT NULL
       RETURNING id`,
      [id, decision, subject, now],
    );
    return rows.length === 1;
  }

  /**
   * Marks an approved authorization used and runs `mint` on the same transaction, so of two
   * concurrent polls exactly one gets the key, and a failure anywhere leaves no key behind and
   * the code approved.
   */
  async issueOnce<T extends { keyId: string }>(
    id: string,
    mint: (runner: SqlRunner) => Promise<T>,
  ): Promise<T | undefined> {
    return this.db.transaction(async (manager) => {
      const claimed = await changedRowsOf<{ id: string }>(
        manager,
        `UPDATE device_authorizations SET status = 'issued'
         WHERE id = $1 AND status = 'approved' RETURNING id`,
        [id],
      );
      if (claimed.length === 0) return undefined;
      const minted = await mint(manager);
      await manager.query('UPDATE device_authorizations SET key_id = $2 WHERE id = $1', [
        id,
        minted.keyId,
      ]);
      return minted;
    });
  }
}
