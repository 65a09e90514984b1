import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import { SavedSearch } from './dto/saved-search.response';

interface SavedSearchRow {
  id: string;
  name: string;
  filter: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, filter, created_at, updated_at';

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filter: row.filter,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** saved_searches, always scoped to one user. */
@Injectable()
export class SavedSearchesRepository extends TransactionalRepository {
  async list(userId: string): Promise<SavedSearch[]> {
    const rows = await this.db.query<SavedSearchRow[]>(
      `SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1
       ORDER BY created_at DESC, id DESC`,
      [userId],
    );
    return rows.map(toSavedSearch);
  }

  /** Serialises one user's creations, so the per-user cap holds under concurrent requests. */
  async lockUser(userId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `geo:saved-searches:${userId}`,
    ]);
  }

  async count(userId: string): Promise<number> {
    const rows = await this.db.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM saved_searches WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.count ?? 0;
  }

  async insert(
    userId: string,
    search: { name: string; filter: Record<string, unknown> },
    now: Date,
  ): Promise<SavedSearch> {
    const rows = await this.db.query<SavedSearchRow[]>(
      `INSERT INTO saved_searches (user_id, name, filter, created_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $4) RETURNING ${COLUMNS}`,
      [userId, search.name, JSON.stringify(search.filter), now],
    );
    return toSavedSearch(rows[0] as SavedSearchRow);
  }

  /** Applies the given changes to an owned search; undefined when there is no such search. */
  async update(
    userId: string,
    id: string,
    changes: { name?: string; filter?: Record<string, unknown> },
    now: Date,
  ): Promise<SavedSearch | undefined> {
    const rows = await this.db.query<[SavedSearchRow[], number]>(
      `UPDATE saved_searches SET name = COALESCE($3, name),
         filter = COALESCE($4::jsonb, filter), updated_at = $5
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [
        id,
        userId,
        changes.name ?? null,
        changes.filter === undefined ? null : JSON.stringify(changes.filter),
        now,
      ],
    );
    const row = rows[0][0];
    return row === undefined ? undefined : toSavedSearch(row);
  }

  /** Whether an owned search was deleted. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.query<[unknown[], number]>(
      'DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    );
    return rows[1] > 0;
  }
}
