import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import { MonitoredLocation } from './dto/monitored-location.response';

/** A member about to be inserted: a point with its resolution-8 cell. */
export interface NewMember {
  name: string;
  lat: number;
  lng: number;
  h3_index: string;
  address: string | null;
}

interface LocationRow {
  id: string;
  portfolio_id: string | null;
  name: string;
  lat: number;
  lng: number;
  h3_index: string;
  address: string | null;
  last_score: number | null;
  last_scored_at: Date | null;
  created_at: Date;
  seq: string;
}

export interface LocationPage {
  locations: MonitoredLocation[];
  /** Each location's position in added order (its keyset). */
  seqs: string[];
}

const COLUMNS =
  'id, portfolio_id, name, lat, lng, h3_index, address, last_score, last_scored_at, created_at, seq';

export function toMonitoredLocation(row: LocationRow): MonitoredLocation {
  return {
    id: row.id,
    portfolio_id: row.portfolio_id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    h3_index: row.h3_index,
    address: row.address,
    last_score: row.last_score,
    last_scored_at: row.last_scored_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** monitored_locations: portfolio members and unassigned monitors, always scoped to a user. */
@Injectable()
export class MonitoredLocationsRepository extends TransactionalRepository {
  async countInPortfolio(portfolioId: string): Promise<number> {
    const rows = await this.db.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM monitored_locations WHERE portfolio_id = $1',
      [portfolioId],
    );
    return rows[0]?.count ?? 0;
  }

  /** Members of a portfolio in the order they were added. */
  async inPortfolio(portfolioId: string): Promise<MonitoredLocation[]> {
    const rows = await this.db.query<LocationRow[]>(
      `SELECT ${COLUMNS} FROM monitored_locations WHERE portfolio_id = $1 ORDER BY seq`,
      [portfolioId],
    );
    return rows.map(toMonitoredLocation);
  }

  /** Inserts members in the given order (seq follows it); returns them in that order. */
  async insert(
    userId: string,
    portfolioId: string,
    members: readonly NewMember[],
    now: Date,
  ): Promise<MonitoredLocation[]> {
    if (members.length === 0) return [];
    const ids = members.map(() => randomUUID());
    const rows = await this.db.query<LocationRow[]>(
      `INSERT INTO monitored_locations (id, user_id, portfolio_id, name, lat, lng, h3_index,
         address, created_at)
       SELECT u.id, $1, $2, u.name, u.lat, u.lng, u.h3_index, u.address, $3
       FROM unnest($4::uuid[], $5::text[], $6::float8[], $7::float8[], $8::text[], $9::text[])
         WITH ORDINALITY AS u (id, name, lat, lng, h3_index, address, position)
       ORDER BY u.position
       RETURNING ${COLUMNS}`,
      [
        userId,
        portfolioId,
        now,
        ids,
        members.map((m) => m.name),
        members.map((m) => m.lat),
        members.map((m) => m.lng),
        members.map((m) => m.h3_index),
        members.map((m) => m.address),
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => toMonitoredLocation(byId.get(id) as LocationRow));
  }

  /** Whether the user's member `memberId` of `portfolioId` was deleted. */
  async deleteMember(userId: string, portfolioId: string, memberId: string): Promise<boolean> {
    const result = await this.db.query<[unknown[], number]>(
      `DELETE FROM monitored_locations WHERE id = $1 AND portfolio_id = $2 AND user_id = $3
       RETURNING id`,
      [memberId, portfolioId, userId],
    );
    return result[1] > 0;
  }

  /** Whether the user's monitored location `id` (in a portfolio or not) was deleted. */
  async deleteLocation(userId: string, id: string): Promise<boolean> {
    const result = await this.db.query<[unknown[], number]>(
      'DELETE FROM monitored_locations WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    );
    return result[1] > 0;
  }

  /** Moves every member of a portfolio to the unassigned list; how many moved. */
  async unassignAll(portfolioId: string): Promise<number> {
    const result = await this.db.query<[unknown[], number]>(
      'UPDATE monitored_locations SET portfolio_id = NULL WHERE portfolio_id = $1',
      [portfolioId],
    );
    return result[1];
  }

  /**
   * A user's monitored locations in added order after `afterSeq`: all of them, or only those
   * outside (`unassigned` true) or inside (false) a portfolio.
   */
  async page(
    userId: string,
    options: { unassigned: boolean | undefined; afterSeq: string | null; limit: number },
  ): Promise<LocationPage> {
    const scope =
      options.unassigned === undefined
        ? ''
        : options.unassigned
          ? 'AND portfolio_id IS NULL'
          : 'AND portfolio_id IS NOT NULL';
    const rows = await this.db.query<LocationRow[]>(
      `SELECT ${COLUMNS} FROM monitored_locations
       WHERE user_id = $1 ${scope} AND ($2::bigint IS NULL OR seq > $2::bigint)
       ORDER BY seq LIMIT $3`,
      [userId, options.afterSeq, options.limit],
    );
    return { locations: rows.map(toMonitoredLocation), seqs: rows.map((row) => row.seq) };
  }
}
